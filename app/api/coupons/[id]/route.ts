import { z } from 'zod'
import { apiRoute } from '@/lib/api/api-route'
import { ApiError } from '@/lib/api/api-error'
import { sparseFields } from '@/lib/api/query-params'
import { readOnlyAttributes } from '@/lib/api/read-only-attributes'
import { COUPON_FIELDS, serializeCoupon } from '@/lib/coupons/api'
import { deleteCoupon, getCouponOrThrow, updateCoupon } from '@/lib/coupons/store'

const updateCouponBody = z.object({
  data: z.object({
    type: z.literal('coupon'),
    id: z.string().min(1),
    attributes: z.object({
      ...readOnlyAttributes('external_id'),
      description: z.string().max(10_000).nullable().optional(),
      monitor_configuration: z.record(z.string(), z.unknown()).nullable().optional(),
    }),
  }),
})

// GET /api/coupons/{id}
export const GET = apiRoute({
  scopes: ['coupons:read'],
  rate: 'L',
  handler: async ({ ctx, params }) => {
    const data = serializeCoupon(
      ctx.url,
      await getCouponOrThrow(ctx.companyId, params.id!),
      sparseFields(ctx.url, 'coupon', COUPON_FIELDS),
    )
    return { data, links: { self: data.links.self } }
  },
})

// PATCH /api/coupons/{id} – description and monitor_configuration only (200)
export const PATCH = apiRoute({
  scopes: ['coupons:write'],
  rate: 'M',
  body: updateCouponBody,
  handler: async ({ ctx, body, params }) => {
    if (body.data.id !== params.id)
      throw new ApiError(409, 'conflict', 'The id in the body does not match the id in the URL.', {
        pointer: '/data/id',
      })
    const a = body.data.attributes
    const c = await updateCoupon(ctx.companyId, params.id!, {
      ...(a.description !== undefined ? { description: a.description ?? '' } : {}),
      ...(a.monitor_configuration !== undefined ? { monitorConfiguration: a.monitor_configuration } : {}),
    })
    const data = serializeCoupon(ctx.url, c)
    return { data, links: { self: data.links.self } }
  },
})

// DELETE /api/coupons/{id} – the coupon and its codes (204)
export const DELETE = apiRoute({
  scopes: ['coupons:write'],
  rate: 'M',
  status: 204,
  handler: async ({ ctx, params }) => {
    await deleteCoupon(ctx.companyId, params.id!)
  },
})
