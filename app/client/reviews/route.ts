import { clientPreflight, clientRoute } from '@/lib/api/api-route'
import { encodeCursor, nextLink } from '@/lib/api/cursor'
import { sparseFields } from '@/lib/api/query-params'
import { CLIENT_FILTERS, reviewQuery } from '@/lib/api/reviews/review-query'
import { productsFor, REVIEW_FIELDS, serializeReview } from '@/lib/api/reviews/serialize-review'
import { listReviews, reviewCursorValue, VISIBLE_STATUSES } from '@/lib/reviews/list-reviews'
import { clientReviewBody } from '@/lib/reviews/review-body'
import { submitReview } from '@/lib/reviews/submit-review'
import { expandProductIds } from '@/lib/reviews/product-groups'

// GET /client/reviews – a store page reads the published (and featured) reviews, by public key;
// a status filter can only narrow to those two
export const GET = clientRoute({
  rate: { burst: 350, steady: 3500 },
  handler: async ({ ctx }) => {
    const q = reviewQuery(ctx.url, CLIENT_FILTERS)
    const visible: readonly string[] = VISIBLE_STATUSES
    q.statuses = q.statuses ? q.statuses.filter((s) => visible.includes(s)) : [...visible]
    // the products of a review product group share their reviews
    if (q.productExternalIds) q.productExternalIds = await expandProductIds(ctx.companyId, q.productExternalIds)
    const fields = sparseFields(ctx.url, 'review', REVIEW_FIELDS)
    const rows = await listReviews(ctx.companyId, { ...q, limit: q.limit + 1 })
    const page = rows.slice(0, q.limit)
    const products = await productsFor(ctx.companyId, page)
    const last = page[page.length - 1]
    return {
      data: page.map((r) => serializeReview(ctx.url, r, products, { fields, client: true })),
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

// POST /client/reviews – a shopper's review (202, no body); 400 with pointers, 409 for a second
// review of the product from the same order
export const POST = clientRoute({
  rate: { burst: 100, steady: 1000 },
  body: clientReviewBody,
  status: 202,
  handler: async ({ ctx, body }) => {
    await submitReview(ctx.companyId, body)
  },
})

// OPTIONS /client/reviews – CORS preflight
export const OPTIONS = clientPreflight
