// The coupon and web-feed route handlers behind a tiny router (in-process, or real HTTP on
// 127.0.0.1 for the official SDK), for the coupons*.test.ts and web-feeds*.test.ts files.
import { resetRateLimits } from '@/lib/api/rate-limit'
import * as coupons from '@/app/api/coupons/route'
import * as coupon from '@/app/api/coupons/[id]/route'
import * as couponCodesOfCoupon from '@/app/api/coupons/[id]/coupon-codes/route'
import * as couponCodesRel from '@/app/api/coupons/[id]/relationships/coupon-codes/route'
import * as codes from '@/app/api/coupon-codes/route'
import * as code from '@/app/api/coupon-codes/[id]/route'
import * as codeCoupon from '@/app/api/coupon-codes/[id]/coupon/route'
import * as codeCouponRel from '@/app/api/coupon-codes/[id]/relationships/coupon/route'
import * as jobs from '@/app/api/coupon-code-bulk-create-jobs/route'
import * as job from '@/app/api/coupon-code-bulk-create-jobs/[id]/route'
import { routeTable, type RouteModule, type RouteServer } from '../helpers/route-table'

const TABLE: Array<[string, RouteModule]> = [
  ['/api/coupons', coupons],
  ['/api/coupons/:id', coupon],
  ['/api/coupons/:id/coupon-codes', couponCodesOfCoupon],
  ['/api/coupons/:id/relationships/coupon-codes', couponCodesRel],
  ['/api/coupon-codes', codes],
  ['/api/coupon-codes/:id', code],
  ['/api/coupon-codes/:id/coupon', codeCoupon],
  ['/api/coupon-codes/:id/relationships/coupon', codeCouponRel],
  ['/api/coupon-code-bulk-create-jobs', jobs],
  ['/api/coupon-code-bulk-create-jobs/:id', job],
]

const table = routeTable(TABLE)

/** Adds more route modules (the web-feeds tests add theirs). */
export const addRoutes = table.add

export async function couponApi(method: string, path: string, key: string, body?: unknown) {
  resetRateLimits()
  return table.call(method, path, key, body)
}

export const startCouponServer = () => table.start({ onRequest: resetRateLimits })
export type { RouteServer }
