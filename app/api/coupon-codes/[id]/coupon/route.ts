import { apiRoute } from '@/lib/api/api-route'
import { apiNotFound } from '@/lib/api/api-error'
import { sparseFields } from '@/lib/api/query-params'
import { COUPON_FIELDS, serializeCoupon } from '@/lib/coupons/api'
import { findCodeByApiId } from '@/lib/coupons/store'

// GET /api/coupon-codes/{id}/coupon – the code's coupon
export const GET = apiRoute({
  scopes: ['coupons:read'],
  rate: 'L',
  handler: async ({ ctx, params }) => {
    const found = await findCodeByApiId(ctx.companyId, params.id!)
    if (!found) throw apiNotFound(`A coupon code with id ${params.id} was not found.`)
    const data = serializeCoupon(ctx.url, found.coupon, sparseFields(ctx.url, 'coupon', COUPON_FIELDS))
    return { data, links: { self: data.links.self } }
  },
})
