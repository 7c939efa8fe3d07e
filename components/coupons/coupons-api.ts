// The coupon screens' calls (/ajax/coupons…); keys come back camelCase.
import { http } from '@/lib/client/http'

export interface CouponCounts {
  unassigned: number
  assigned: number
  used: number
  total: number
}
export interface Coupon {
  id: string
  externalId: string
  description: string
  integrationKey: string
  lowBalanceThreshold: number | null
  lowBalance: boolean
  counts: CouponCounts
  created: string
  updated: string
}
export interface CouponCode {
  id: string
  code: string
  status: string
  expiresAt: string | null
  profileId: string | null
  profileEmail: string | null
  assignedAt: string | null
}

const one = (id: string) => `/ajax/coupons/${encodeURIComponent(id)}`
export const couponsApi = {
  list: (search?: string) =>
    http.get<{ coupons: Coupon[] }>('/ajax/coupons', { params: { search } }).then((r) => r.data.coupons),
  create: (body: {
    externalId: string
    description: string
    lowBalanceThreshold: number | null
    integrationKey: string
  }) => http.post<{ coupon: Coupon }>('/ajax/coupons', body).then((r) => r.data.coupon),
  get: (id: string, q: { status?: string; after?: string }) =>
    http
      .get<{ coupon: Coupon; codes: CouponCode[]; nextCursor: string | null }>(one(id), { params: q })
      .then((r) => r.data),
  update: (id: string, body: { description?: string; lowBalanceThreshold?: number | null }) =>
    http.patch<{ coupon: Coupon }>(one(id), body).then((r) => r.data.coupon),
  remove: (id: string) => http.delete(one(id)),
  upload: (id: string, form: FormData) => http.post<{ created: number }>(`${one(id)}/codes`, form).then((r) => r.data),
}
