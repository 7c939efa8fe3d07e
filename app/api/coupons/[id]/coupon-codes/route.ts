import { apiRoute } from '@/lib/api/api-route'
import { codesPage } from '@/lib/coupons/api'
import { getCouponOrThrow } from '@/lib/coupons/store'

// GET /api/coupons/{id}/coupon-codes – the coupon's codes
export const GET = apiRoute({
  scopes: ['coupon-codes:read'],
  rate: 'L',
  handler: async ({ ctx, params }) =>
    codesPage(ctx.companyId, ctx.url, await getCouponOrThrow(ctx.companyId, params.id!)),
})
