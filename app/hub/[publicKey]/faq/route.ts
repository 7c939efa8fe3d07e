import { hubRoute } from '@/lib/customer-hub/hub-route'
import { getHubSettings } from '@/lib/customer-hub/hub-settings'

export const dynamic = 'force-dynamic'

// GET /hub/{publicKey}/faq – the merchant's FAQ (no sign-in needed)
export const GET = hubRoute({
  handler: async ({ ctx }) => ({ faq: (await getHubSettings(ctx.company.id)).faq }),
})
