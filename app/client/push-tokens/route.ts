import { clientPreflight, clientRoute } from '@/lib/api/api-route'
import { createPushTokenBody } from '@/lib/messaging/push/push-token-body'
import { registerPushToken } from '@/lib/messaging/push/push-tokens'

// POST /client/push-tokens – the mobile SDK registers its device token for its profile (202)
export const POST = clientRoute({
  rate: 'L',
  body: createPushTokenBody,
  maxBodyBytes: 100 * 1024,
  status: 202,
  handler: async ({ ctx, body }) => {
    await registerPushToken(ctx.companyId, body, 'client')
  },
})

// OPTIONS /client/push-tokens – CORS preflight
export const OPTIONS = clientPreflight
