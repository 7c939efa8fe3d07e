import { ajax } from '@/lib/http/ajax'
import { enableShopifyReviews, getShopifyFinalize } from '@/lib/reviews/shopify/shopify-finalize'

// No reviews flag on these two: this is the step that turns it on.

// GET /ajax/reviews/shopify/finalize – the Shopify checks (shop connected, script installed, reviews on) and imported reviews
export const GET = ajax({
  resources: ['reviews_read'],
  handler: async ({ ctx }) => ({ finalize: await getShopifyFinalize(ctx.principal.companyId) }),
})

// POST /ajax/reviews/shopify/finalize – turns reviews on once the shop is connected and the script installed (409 otherwise)
export const POST = ajax({
  resources: ['reviews_write'],
  handler: async ({ ctx }) => ({ finalize: await enableShopifyReviews(ctx.principal.companyId) }),
})
