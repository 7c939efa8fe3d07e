import { hubRoute } from '@/lib/customer-hub/hub-route'
import { recentlyViewed } from '@/lib/customer-hub/hub-orders'

export const dynamic = 'force-dynamic'

// GET /hub/{publicKey}/recently-viewed – the products the signed-in shopper viewed last
export const GET = hubRoute({
  session: true,
  handler: async ({ ctx }) => ({ products: await recentlyViewed(ctx.company.id, ctx.profileId!) }),
})
