import { apiRoute } from '@/lib/api/api-route'
import { apiNotFound } from '@/lib/api/api-error'
import { apiLink } from '@/lib/api/json-api'
import { findCodeByApiId } from '@/lib/coupons/store'

// GET /api/coupon-codes/{id}/relationships/coupon
export const GET = apiRoute({
  scopes: ['coupons:read'],
  rate: 'L',
  handler: async ({ ctx, params }) => {
    const found = await findCodeByApiId(ctx.companyId, params.id!)
    if (!found) throw apiNotFound(`A coupon code with id ${params.id} was not found.`)
    return {
      data: { type: 'coupon', id: found.coupon.externalId },
      links: { self: apiLink(ctx.url, `/coupon-codes/${encodeURIComponent(params.id!)}/relationships/coupon/`) },
    }
  },
})
