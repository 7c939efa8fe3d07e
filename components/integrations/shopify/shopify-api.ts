// The Shopify screen's calls (/ajax/integrations/shopify…); keys come back camelCase.
import { http } from '@/lib/client/http'
import type { ShopifyStatus } from '@/lib/integrations/shopify/shopify-status'

export type { ShopifyStatus }
const base = '/ajax/integrations/shopify'
export const shopifyApi = {
  status: () => http.get<ShopifyStatus>(base).then((r) => r.data),
  connect: (body: { shop: string; accessToken: string; clientSecret: string }) =>
    http.post<ShopifyStatus>(`${base}/connect`, body).then((r) => r.data),
  test: () => http.post<{ ok: boolean; message: string }>(`${base}/test`, {}).then((r) => r.data),
  sync: (days: number) => http.post<ShopifyStatus>(`${base}/sync`, { days }).then((r) => r.data),
  settings: (body: { writeBackConsent?: boolean; pushCoupons?: boolean }) =>
    http.patch<ShopifyStatus>(`${base}/settings`, body).then((r) => r.data),
  disconnect: () => http.post<ShopifyStatus>(`${base}/disconnect`, {}).then((r) => r.data),
}
