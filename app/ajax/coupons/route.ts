import { ajax, readBody } from '@/lib/http/ajax'
import { camelizeKeys } from '@/lib/text/keys'
import { createCouponAjax, listCouponsAjax } from '@/lib/coupons/ajax'

// GET /ajax/coupons?search= – the coupons with their code counts and low-balance state
export const GET = ajax({
  resources: ['coupons_read'],
  handler: ({ ctx }) =>
    listCouponsAjax(ctx.principal.companyId, new URL(ctx.req.url).searchParams.get('search')?.trim() || undefined),
})

// POST /ajax/coupons – creates a coupon {externalId, description, lowBalanceThreshold, integrationKey}; 400/409 with field errors
export const POST = ajax({
  resources: ['coupons_read', 'coupons_write'],
  handler: async ({ ctx }) =>
    createCouponAjax(ctx.principal.companyId, (camelizeKeys(await readBody(ctx.req)) ?? {}) as Record<string, unknown>),
})
