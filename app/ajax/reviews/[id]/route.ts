import { z } from 'zod'
import { ajax } from '@/lib/http/ajax'
import { replyToReview, reviewStatusInput, updateReviewStatus } from '@/lib/reviews/update-review-status'
import { loadReview } from '@/lib/reviews/review-detail'

// GET /ajax/reviews/:id – one review with its product, flags and reply
export const GET = ajax({
  resources: ['reviews_read'],
  flag: 'is_reviews_enabled',
  handler: ({ ctx, params }) => loadReview(ctx.principal.companyId, params.id!),
})
export type ReviewDetailResponse = Awaited<ReturnType<typeof loadReview>>

// The /ajax wrapper camelizes bodies: the vendor's rejection_reason arrives as rejectionReason.
const status = z
  .object({
    value: z.string(),
    rejectionReason: z.object({ reason: z.string(), statusExplanation: z.string().nullish() }).optional(),
  })
  .transform((s, ctx) => {
    const r = reviewStatusInput.safeParse({
      value: s.value,
      ...(s.rejectionReason
        ? {
            rejection_reason: {
              reason: s.rejectionReason.reason,
              status_explanation: s.rejectionReason.statusExplanation,
            },
          }
        : {}),
    })
    if (!r.success) {
      for (const i of r.error.issues) ctx.addIssue({ code: 'custom', message: i.message })
      return z.NEVER
    }
    return r.data
  })

const body = z
  .object({
    status: status.optional(),
    publicReply: z.string().trim().max(2000).nullable().optional(),
  })
  .refine((b) => b.status !== undefined || b.publicReply !== undefined, { message: 'Nothing to change.' })

// PATCH /ajax/reviews/:id – publish, feature, unpublish, reject with a reason; the public reply
export const PATCH = ajax({
  resources: ['reviews_read', 'reviews_write'],
  flag: 'is_reviews_enabled',
  body,
  handler: async ({ ctx, params, body: b }) => {
    const companyId = ctx.principal.companyId
    if (b.status) await updateReviewStatus(companyId, params.id!, b.status)
    if (b.publicReply !== undefined)
      await replyToReview(companyId, params.id!, {
        content: b.publicReply || null,
        author: ctx.principal.company.name,
      })
    return loadReview(companyId, params.id!)
  },
})
