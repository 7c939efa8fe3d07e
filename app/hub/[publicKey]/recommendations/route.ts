import { hubRoute } from '@/lib/customer-hub/hub-route'
import { hubRecommendations } from '@/lib/customer-hub/hub-recommendations'

export const dynamic = 'force-dynamic'

// GET /hub/{publicKey}/recommendations – best sellers for the signed-in shopper, if switched on
export const GET = hubRoute({
  session: true,
  handler: async ({ ctx }) => hubRecommendations(ctx.company.id, ctx.profileId!),
})
