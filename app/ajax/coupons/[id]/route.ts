import { ajax, readBody } from '@/lib/http/ajax'
import { camelizeKeys } from '@/lib/text/keys'
import { deleteCouponAjax, getCouponAjax, updateCouponAjax } from '@/lib/coupons/ajax'

// GET /ajax/coupons/{id}?status=&after= – the coupon, its counts and a page of its codes
export const GET = ajax({
  resources: ['coupons_read'],
  handler: ({ ctx, params }) => {
    const q = new URL(ctx.req.url).searchParams
    return getCouponAjax(ctx.principal.companyId, params.id!, {
      status: q.get('status') || undefined,
      after: q.get('after') || undefined,
    })
  },
})

// PATCH /ajax/coupons/{id} – description and low-balance threshold
export const PATCH = ajax({
  resources: ['coupons_read', 'coupons_write'],
  handler: async ({ ctx, params }) =>
    updateCouponAjax(
      ctx.principal.companyId,
      params.id!,
      (camelizeKeys(await readBody(ctx.req)) ?? {}) as Record<string, unknown>,
    ),
})

// DELETE /ajax/coupons/{id} – the coupon and its codes
export const DELETE = ajax({
  resources: ['coupons_read', 'coupons_write'],
  handler: ({ ctx, params }) => deleteCouponAjax(ctx.principal.companyId, params.id!),
})
