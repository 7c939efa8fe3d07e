import { z } from 'zod'
import { ajax } from '@/lib/http/ajax'
import { listReviews } from '@/lib/reviews/list-reviews'
import { reviewSummary } from '@/lib/reviews/reviews-overview'

const query = z.object({
  status: z.enum(['pending', 'published', 'featured', 'unpublished', 'rejected']).optional(),
  rating: z.coerce.number().int().min(1).max(5).optional(),
  type: z.enum(['review', 'question', 'rating', 'store']).optional(),
  product: z.string().max(40).optional(),
  q: z.string().max(200).optional(),
  // The last row of the previous page: "<ISO date>_<id>"
  after: z
    .string()
    .regex(/^[^_]+_[0-9A-Z]+$/)
    .optional(),
})

// GET /ajax/reviews – the moderation queue, newest first, 25 a page, with its filters
export const GET = ajax({
  resources: ['reviews_read'],
  flag: 'is_reviews_enabled',
  query,
  handler: async ({ ctx, query: q }) => {
    const [value, id] = q.after ? q.after.split('_') : []
    const rows = await listReviews(ctx.principal.companyId, {
      statuses: q.status ? [q.status] : undefined,
      rating: q.rating ? { equals: [q.rating] } : undefined,
      reviewType: q.type,
      catalogItemIds: q.product ? [q.product] : undefined,
      contentContains: q.q || undefined,
      sort: { field: 'created', desc: true },
      after: value && id ? { value, id } : null,
      limit: 26,
    })
    const page = rows.slice(0, 25)
    const last = page[page.length - 1]
    return {
      reviews: page.map(reviewSummary),
      next: rows.length > 25 && last ? `${last.createdAt.toISOString()}_${last.id}` : null,
    }
  },
})
export type ReviewsQueueResponse = { reviews: ReturnType<typeof reviewSummary>[]; next: string | null }
