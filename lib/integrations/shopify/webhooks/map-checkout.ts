// Shopify's checkout payload (checkouts/create, checkouts/update) into a StoreCheckout; its
// abandoned_checkout_url is the recovery URL the abandoned-checkout emails link to.
import type { StoreCheckout } from '@/lib/integrations/commerce/types'
import { arr, customer, discountCodes, id, line, money, obj, str } from './map-common'

export function mapShopifyCheckout(payload: unknown): StoreCheckout | null {
  const c = obj(payload)
  const checkoutId = id(c?.id) ?? str(c?.token)
  const createdAt = str(c?.created_at)
  if (!c || !checkoutId || !createdAt) return null
  return {
    id: checkoutId,
    token: str(c.token),
    customer: customer(c.customer, c),
    currency: str(c.currency) ?? str(c.presentment_currency) ?? 'USD',
    total: money(c.total_price) ?? 0,
    subtotal: money(c.subtotal_price),
    discountCodes: discountCodes(c.discount_codes),
    lines: arr(c.line_items).map(line),
    recoveryUrl: str(c.abandoned_checkout_url),
    createdAt,
    updatedAt: str(c.updated_at),
    completedAt: str(c.completed_at),
  }
}
