import { z } from 'zod'
import { ajax } from '@/lib/http/ajax'
import { listReviewOrders } from '@/lib/reviews/review-orders'

const query = z.object({
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
})

// GET /ajax/reviews/orders – the store's orders newest first with their review-request state
export const GET = ajax({
  resources: ['reviews_read'],
  flag: 'is_reviews_enabled',
  query,
  handler: ({ ctx, query: q }) => listReviewOrders(ctx.principal.companyId, q),
})
export type ReviewOrdersResponse = Awaited<ReturnType<typeof listReviewOrders>>
