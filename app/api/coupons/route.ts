import { z } from 'zod'
import { apiRoute } from '@/lib/api/api-route'
import { couponsPage, serializeCoupon } from '@/lib/coupons/api'
import { createCoupon } from '@/lib/coupons/store'

const createCouponBody = z.object({
  data: z.object({
    type: z.literal('coupon'),
    attributes: z.object({
      external_id: z.string().min(1, 'external_id is required.').max(255),
      description: z.string().max(10_000).nullable().optional(),
      monitor_configuration: z.record(z.string(), z.unknown()).nullable().optional(),
    }),
  }),
})

// GET /api/coupons – the account's coupons, 100 per page
export const GET = apiRoute({
  scopes: ['coupons:read'],
  rate: 'L',
  handler: ({ ctx }) => couponsPage(ctx.companyId, ctx.url),
})

// POST /api/coupons – creates a coupon (201); its id is its external_id
export const POST = apiRoute({
  scopes: ['coupons:write'],
  rate: 'M',
  body: createCouponBody,
  status: 201,
  handler: async ({ ctx, body }) => {
    const a = body.data.attributes
    const c = await createCoupon(ctx.companyId, {
      externalId: a.external_id,
      description: a.description ?? '',
      monitorConfiguration: a.monitor_configuration ?? {},
    })
    const data = serializeCoupon(ctx.url, c)
    return { data, links: { self: data.links.self } }
  },
})
