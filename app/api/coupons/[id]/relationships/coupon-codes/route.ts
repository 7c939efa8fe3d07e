import { apiRoute } from '@/lib/api/api-route'
import { codesPage } from '@/lib/coupons/api'
import { getCouponOrThrow } from '@/lib/coupons/store'

// GET /api/coupons/{id}/relationships/coupon-codes – the ids of the coupon's codes
export const GET = apiRoute({
  scopes: ['coupon-codes:read'],
  rate: 'L',
  handler: async ({ ctx, params }) => {
    const page = await codesPage(ctx.companyId, ctx.url, await getCouponOrThrow(ctx.companyId, params.id!))
    return { data: page.data.map((d) => ({ type: d.type, id: d.id })), links: page.links }
  },
})
