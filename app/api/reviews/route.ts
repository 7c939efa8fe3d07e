import { apiRoute } from '@/lib/api/api-route'
import { encodeCursor, nextLink } from '@/lib/api/cursor'
import { sparseFields } from '@/lib/api/query-params'
import { API_FILTERS, reviewQuery } from '@/lib/api/reviews/review-query'
import { productsFor, REVIEW_FIELDS, serializeReview } from '@/lib/api/reviews/serialize-review'
import { listReviews, reviewCursorValue } from '@/lib/reviews/list-reviews'

// GET /api/reviews – every status, 20 per page by default (max 100), the vendor's filters,
// sort created/rating either way
export const GET = apiRoute({
  scopes: ['reviews:read'],
  rate: 'L',
  handler: async ({ ctx }) => {
    const q = reviewQuery(ctx.url, API_FILTERS)
    const fields = sparseFields(ctx.url, 'review', REVIEW_FIELDS)
    const rows = await listReviews(ctx.companyId, { ...q, limit: q.limit + 1 })
    const page = rows.slice(0, q.limit)
    const products = await productsFor(ctx.companyId, page)
    const last = page[page.length - 1]
    return {
      data: page.map((r) => serializeReview(ctx.url, r, products, { fields })),
      links: {
        self: ctx.url.toString(),
        next:
          rows.length > q.limit && last
            ? nextLink(ctx.url, encodeCursor([reviewCursorValue(last, q.sort.field), last.id]))
            : null,
        prev: null,
      },
    }
  },
})
