import { hubRoute } from '@/lib/customer-hub/hub-route'
import { removeHubWishlistItem } from '@/lib/customer-hub/hub-wishlist'

export const dynamic = 'force-dynamic'

// DELETE /hub/{publicKey}/wishlist/{productId} – takes a product off the shopper's own wishlist (404 when not on it)
export const DELETE = hubRoute({
  session: true,
  handler: ({ ctx, params }) => removeHubWishlistItem(ctx.company.id, ctx.profileId!, params.productId ?? ''),
})
