// The WooCommerce screen's calls (/ajax/integrations/woocommerce…).
import { http } from '@/lib/client/http'
import type { WooStatus } from '@/lib/integrations/woocommerce/woo-status'

export type { WooStatus }
const base = '/ajax/integrations/woocommerce'
export const wooApi = {
  status: () => http.get<WooStatus>(base).then((r) => r.data),
  connect: (body: { storeUrl: string; consumerKey: string; consumerSecret: string }) =>
    http.post<WooStatus>(`${base}/connect`, body).then((r) => r.data),
  sync: (days: number) => http.post<WooStatus>(`${base}/sync`, { days }).then((r) => r.data),
  disconnect: () => http.post<WooStatus>(`${base}/disconnect`, {}).then((r) => r.data),
}
