import { ajax } from '@/lib/http/ajax'
import { productRatings } from '@/lib/reviews/reviews-overview'

// GET /ajax/reviews/products – every reviewed product with its rating, review and pending counts
export const GET = ajax({
  resources: ['reviews_read'],
  flag: 'is_reviews_enabled',
  handler: async ({ ctx }) => ({ products: await productRatings(ctx.principal.companyId) }),
})
export type ReviewProductsResponse = { products: Awaited<ReturnType<typeof productRatings>> }
