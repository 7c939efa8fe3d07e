import { hubRoute } from '@/lib/customer-hub/hub-route'
import { listHubWishlist } from '@/lib/customer-hub/hub-wishlist'

export const dynamic = 'force-dynamic'

// GET /hub/{publicKey}/wishlist – the signed-in shopper's wishlist (the wishlist extension), newest first
export const GET = hubRoute({
  session: true,
  handler: async ({ ctx }) => ({ products: await listHubWishlist(ctx.company.id, ctx.profileId!) }),
})
