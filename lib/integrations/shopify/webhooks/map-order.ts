// Shopify's order payload (orders/create, orders/fulfilled, orders/cancelled, orders/updated)
// into a StoreOrder.
import type { StoreOrder, StoreOrderStatus } from '@/lib/integrations/commerce/types'
import {
  address,
  arr,
  customer,
  discountCodes,
  id,
  line,
  money,
  obj,
  shopMoney,
  str,
  tags,
  type Json,
} from './map-common'

/** The latest fulfillment's time (Fulfilled Order's time), else null. */
function fulfilledAt(o: Json): string | null {
  const times = arr(o.fulfillments)
    .map((f) => str(f.created_at) ?? str(f.updated_at))
    .filter((t): t is string => !!t)
  return times.sort((a, b) => Date.parse(b) - Date.parse(a))[0] ?? null
}

function status(o: Json): StoreOrderStatus {
  if (str(o.cancelled_at)) return 'cancelled'
  if (str(o.financial_status) === 'refunded') return 'refunded'
  if (str(o.fulfillment_status) === 'fulfilled') return 'fulfilled'
  return 'placed'
}

/** null when the payload is not an order (no id or no creation time). */
export function mapShopifyOrder(payload: unknown): StoreOrder | null {
  const o = obj(payload)
  const orderId = id(o?.id)
  const createdAt = str(o?.created_at) ?? str(o?.processed_at)
  if (!o || !orderId || !createdAt) return null
  const shipping =
    shopMoney(o.total_shipping_price_set) ?? arr(o.shipping_lines).reduce((n, s) => n + (money(s.price) ?? 0), 0)
  return {
    id: orderId,
    name: str(o.name) ?? (o.order_number != null ? `#${o.order_number}` : null),
    customer: customer(o.customer, o),
    currency: str(o.currency) ?? str(o.presentment_currency) ?? 'USD',
    total: money(o.total_price) ?? shopMoney(o.total_price_set) ?? 0,
    subtotal: money(o.subtotal_price),
    discountTotal: money(o.total_discounts),
    shippingTotal: shipping,
    taxTotal: money(o.total_tax),
    discountCodes: discountCodes(o.discount_codes),
    lines: arr(o.line_items).map(line),
    status: status(o),
    financialStatus: str(o.financial_status),
    fulfillmentStatus: str(o.fulfillment_status),
    createdAt,
    updatedAt: str(o.updated_at),
    fulfilledAt: fulfilledAt(o),
    cancelledAt: str(o.cancelled_at),
    cancelReason: str(o.cancel_reason),
    billingAddress: address(o.billing_address),
    shippingAddress: address(o.shipping_address),
    sourceName: str(o.source_name),
    landingSite: str(o.landing_site),
    orderStatusUrl: str(o.order_status_url),
    tags: tags(o.tags),
  }
}
