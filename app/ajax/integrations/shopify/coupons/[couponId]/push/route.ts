import { ajax, readBody } from '@/lib/http/ajax'
import { camelizeKeys } from '@/lib/text/keys'
import { queueCouponPush } from '@/lib/integrations/shopify/push-coupon'

// POST /ajax/integrations/shopify/coupons/{couponId}/push {kind, value, endsAt?} – queues the coupon's codes as Shopify discount codes
export const POST = ajax({
  resources: ['coupons_write', 'integrations_write'],
  status: 202,
  handler: async ({ ctx, params }) =>
    queueCouponPush(ctx.principal.companyId, params.couponId!, camelizeKeys(await readBody(ctx.req))),
})
