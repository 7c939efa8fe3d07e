import { z } from 'zod'
import { apiRoute } from '@/lib/api/api-route'
import { ApiError, apiNotFound } from '@/lib/api/api-error'
import { sparseFields } from '@/lib/api/query-params'
import { readOnlyAttributes } from '@/lib/api/read-only-attributes'
import { CODE_FIELDS, COUPON_FIELDS, parseExpiresAt, serializeCode, serializeCoupon } from '@/lib/coupons/api'
import { COUPON_CODE_STATUSES, deleteCode, findCodeByApiId, updateCode } from '@/lib/coupons/store'

const updateCodeBody = z.object({
  data: z.object({
    type: z.literal('coupon-code'),
    id: z.string().min(1),
    attributes: z.object({
      ...readOnlyAttributes('unique_code', 'coupon'),
      status: z.enum(COUPON_CODE_STATUSES).optional(),
      expires_at: z.string().nullable().optional(),
    }),
  }),
})

// GET /api/coupon-codes/{id} (include=coupon)
export const GET = apiRoute({
  scopes: ['coupon-codes:read'],
  rate: 'L',
  handler: async ({ ctx, params }) => {
    const found = await findCodeByApiId(ctx.companyId, params.id!)
    if (!found) throw apiNotFound(`A coupon code with id ${params.id} was not found.`)
    const data = serializeCode(
      ctx.url,
      found.code,
      found.coupon.externalId,
      sparseFields(ctx.url, 'coupon-code', CODE_FIELDS),
    )
    const include = (ctx.url.searchParams.get('include') ?? '').split(',').filter(Boolean)
    for (const i of include)
      if (i !== 'coupon')
        throw new ApiError(400, 'invalid', `"${i}" is not a valid include. Allowed: coupon.`, { parameter: 'include' })
    return {
      data,
      links: { self: data.links.self },
      ...(include.length
        ? { included: [serializeCoupon(ctx.url, found.coupon, sparseFields(ctx.url, 'coupon', COUPON_FIELDS))] }
        : {}),
    }
  },
})

// PATCH /api/coupon-codes/{id} – status and expires_at only
export const PATCH = apiRoute({
  scopes: ['coupon-codes:write'],
  rate: 'M',
  body: updateCodeBody,
  handler: async ({ ctx, body, params }) => {
    if (body.data.id !== params.id)
      throw new ApiError(409, 'conflict', 'The id in the body does not match the id in the URL.', {
        pointer: '/data/id',
      })
    const a = body.data.attributes
    const expiresAt = parseExpiresAt(a.expires_at, '/data/attributes/expires_at')
    const { code, coupon } = await updateCode(ctx.companyId, params.id!, {
      ...(a.status ? { status: a.status } : {}),
      ...(expiresAt !== undefined ? { expiresAt } : {}),
    })
    const data = serializeCode(ctx.url, code, coupon.externalId)
    return { data, links: { self: data.links.self } }
  },
})

// DELETE /api/coupon-codes/{id} – refused (400) for a code assigned to a profile
export const DELETE = apiRoute({
  scopes: ['coupon-codes:write'],
  rate: 'M',
  status: 204,
  handler: async ({ ctx, params }) => {
    await deleteCode(ctx.companyId, params.id!)
  },
})
