import { z } from 'zod'
import { apiRoute } from '@/lib/api/api-route'
import { apiNotFound, ApiError } from '@/lib/api/api-error'
import { sparseFields } from '@/lib/api/query-params'
import { productsFor, REVIEW_FIELDS, serializeReview } from '@/lib/api/reviews/serialize-review'
import { db } from '@/lib/db/client'
import { reviewStatusInput, updateReviewStatus } from '@/lib/reviews/update-review-status'

const patchBody = z.object({
  data: z.object({
    type: z.literal('review'),
    id: z.string(),
    attributes: z.object({ status: reviewStatusInput.nullish() }),
  }),
})

// GET /api/reviews/{id}
export const GET = apiRoute({
  scopes: ['reviews:read'],
  rate: 'L',
  handler: async ({ ctx, params }) => {
    const r = await db.review.findFirst({ where: { companyId: ctx.companyId, id: params.id } })
    if (!r) throw apiNotFound(`A review with id ${params.id} does not exist.`)
    const fields = sparseFields(ctx.url, 'review', REVIEW_FIELDS)
    const data = serializeReview(ctx.url, r, await productsFor(ctx.companyId, [r]), { fields })
    return { data, links: { self: data.links.self } }
  },
})

// PATCH /api/reviews/{id} – the moderation status (rejected needs its rejection_reason)
export const PATCH = apiRoute({
  scopes: ['reviews:write'],
  rate: 'M',
  body: patchBody,
  handler: async ({ ctx, params, body }) => {
    if (body.data.id !== params.id)
      throw new ApiError(409, 'conflict', 'The id in the body does not match the URL.', { pointer: '/data/id' })
    let r = await db.review.findFirst({ where: { companyId: ctx.companyId, id: params.id } })
    if (!r) throw apiNotFound(`A review with id ${params.id} does not exist.`)
    const status = body.data.attributes.status
    if (status) r = await updateReviewStatus(ctx.companyId, r.id, status)
    const data = serializeReview(ctx.url, r, await productsFor(ctx.companyId, [r]))
    return { data, links: { self: data.links.self } }
  },
})
