import { ajax } from '@/lib/http/ajax'
import { addReviewReply, reviewReplyBody } from '@/lib/reviews/add-review-reply'
import { loadReview } from '@/lib/reviews/review-detail'

// POST /ajax/reviews/:id/replies – the merchant's reply: public (on the widget) or private (emailed once to the reviewer)
export const POST = ajax({
  resources: ['reviews_read', 'reviews_write'],
  flag: 'is_reviews_enabled',
  status: 201,
  body: reviewReplyBody,
  handler: async ({ ctx, params, body }) => {
    const companyId = ctx.principal.companyId
    await addReviewReply(companyId, params.id!, body, {
      name: ctx.principal.company.name,
      userId: ctx.principal.userId,
    })
    return loadReview(companyId, params.id!)
  },
})
