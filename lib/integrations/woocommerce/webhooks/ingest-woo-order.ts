// A WooCommerce order (order.created / order.updated, or a synced page) into events by its status.
// WooCommerce sends the whole order on every change, not the change itself, so the events follow
// from the status it is in now:
//   pending, failed, checkout-draft, trash: not placed (unpaid) — nothing;
//   processing, on-hold: Placed Order + Ordered Product;
//   completed: the same, and Fulfilled Order;
//   cancelled: Cancelled Order, only for an order we saw placed (an unpaid order timing out is no
//   cancellation of a purchase);
//   any refunds listed on a placed order (partial ones included): Refunded Order per refund; a
//   refunded order without a listed refund: one for the whole order.
// The last status per order is remembered by the events themselves: each is keyed by the order
// (or refund) id, so a repeated or older update, or completed → processing → completed, writes
// nothing a second time.
import { findOrderBuyer, ingestOrder, ingestRefund } from '@/lib/integrations/commerce/ingest'
import type { CommerceContext, IngestSummary, StoreRefund } from '@/lib/integrations/commerce/types'
import { mapWooRefunds, type mapWooOrder } from '../map-woo'

const PLACED = new Set(['processing', 'on-hold', 'completed', 'refunded'])

export type WooOrder = NonNullable<ReturnType<typeof mapWooOrder>>

/** null: nothing to do for this status. */
export async function ingestWooOrder(
  ctx: CommerceContext,
  order: WooOrder,
  payload: unknown,
): Promise<IngestSummary | null> {
  const out: IngestSummary = { events: 0, duplicates: 0 }
  const add = (s: IngestSummary) => {
    out.events += s.events
    out.duplicates += s.duplicates
    out.profileId ??= s.profileId
  }
  const status = order.wooStatus
  if (status === 'cancelled') {
    if (!(await findOrderBuyer(ctx.companyId, order.id))) return null
    add(await ingestOrder(ctx, order, 'cancelled'))
    return out
  }
  if (!PLACED.has(status)) return null
  add(await ingestOrder(ctx, order, status === 'completed' ? 'fulfilled' : 'placed'))
  let refunds: StoreRefund[] = mapWooRefunds(payload, order)
  if (!refunds.length && status === 'refunded') {
    refunds = [
      {
        id: `refund:order:${order.id}`,
        orderId: order.id,
        order,
        customer: order.customer,
        amount: order.total,
        currency: order.currency,
        lines: order.lines,
        createdAt: order.updatedAt ?? order.createdAt,
      },
    ]
  }
  for (const r of refunds) add(await ingestRefund(ctx, r))
  return out
}
