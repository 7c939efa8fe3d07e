// Shopify's refund payload (refunds/create) into a StoreRefund: the amount is what the refund
// transactions paid back (else the refunded lines' subtotal and tax); the payload names the
// order only by id, so the buyer is found from the order's Placed Order (commerce/ingest.ts).
import type { StoreLine, StoreRefund } from '@/lib/integrations/commerce/types'
import { arr, id, line, money, obj, shopMoney, str } from './map-common'

export function mapShopifyRefund(payload: unknown): StoreRefund | null {
  const r = obj(payload)
  const refundId = id(r?.id)
  const orderId = id(r?.order_id)
  if (!r || !refundId || !orderId) return null
  const refundLines = arr(r.refund_line_items)
  const lines: StoreLine[] = refundLines.map((rl, i) => {
    const l = line(obj(rl.line_item) ?? {}, i)
    const quantity = money(rl.quantity) ?? l.quantity
    return {
      ...l,
      id: id(rl.line_item_id) ?? l.id,
      quantity,
      total: money(rl.subtotal) ?? shopMoney(rl.subtotal_set) ?? l.price * quantity,
    }
  })
  const paid = arr(r.transactions).filter((t) => str(t.kind) === 'refund' && (str(t.status) ?? 'success') === 'success')
  const fromLines = refundLines.reduce((n, rl) => n + (money(rl.subtotal) ?? 0) + (money(rl.total_tax) ?? 0), 0)
  const currency =
    str(paid[0]?.currency) ?? str(obj(obj(refundLines[0]?.subtotal_set)?.shop_money)?.currency_code) ?? ''
  return {
    id: refundId,
    orderId,
    amount: paid.length ? paid.reduce((n, t) => n + (money(t.amount) ?? 0), 0) : fromLines,
    currency,
    lines,
    note: str(r.note),
    createdAt: str(r.created_at) ?? str(r.processed_at) ?? new Date().toISOString(),
  }
}
