import { hubRoute } from '@/lib/customer-hub/hub-route'
import { hubSupportBody, sendHubSupport } from '@/lib/customer-hub/send-hub-support'

export const dynamic = 'force-dynamic'

// POST /hub/{publicKey}/support – a message to the store's support from the signed-in shopper
export const POST = hubRoute({
  session: true,
  body: hubSupportBody,
  handler: async ({ ctx, body }) => sendHubSupport(ctx.company.id, ctx.profileId!, body),
})
