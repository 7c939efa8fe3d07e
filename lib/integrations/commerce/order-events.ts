// The vendor's e-commerce events from the store model: Placed Order (one per order, $event_id the
// order id, $value the total) with one Ordered Product per line ($event_id order:line), Fulfilled
// Order, Cancelled Order, Refunded Order and Started Checkout (the metric the abandoned-checkout
// flow template triggers on), with the vendor's property names (ItemNames, Items[ProductID, SKU,
// ProductName, Quantity, ItemPrice, RowTotal, ProductURL, ImageURL, Categories], DiscountCodes …).
// Pure: the caller supplies the profile; each event keeps the store's own time.
import type { EventInput } from '@/lib/events/types'
import type { ProfileInput } from '@/lib/profiles/types'
import type { CommerceContext, StoreAddress, StoreCheckout, StoreLine, StoreOrder, StoreRefund } from './types'

export const METRICS = {
  placed: 'Placed Order',
  ordered: 'Ordered Product',
  fulfilled: 'Fulfilled Order',
  cancelled: 'Cancelled Order',
  refunded: 'Refunded Order',
  checkout: 'Started Checkout',
} as const

type Profile = ProfileInput & { id?: string }

const money = (n: number) => Math.round(n * 100) / 100
const rowTotal = (l: StoreLine) => money(l.total ?? l.price * l.quantity)
const uniq = (xs: string[]) => [...new Set(xs.filter(Boolean))]

function item(l: StoreLine) {
  return {
    ProductID: l.productId ?? null,
    VariantID: l.variantId ?? null,
    SKU: l.sku ?? null,
    ProductName: l.name,
    VariantName: l.variantTitle ?? null,
    Quantity: l.quantity,
    ItemPrice: money(l.price),
    RowTotal: rowTotal(l),
    ProductURL: l.url ?? null,
    ImageURL: l.imageUrl ?? null,
    Categories: l.categories ?? [],
    Brand: l.brand ?? null,
  }
}

function address(a: StoreAddress | null | undefined) {
  if (!a) return null
  return {
    Address1: a.address1 ?? null,
    Address2: a.address2 ?? null,
    City: a.city ?? null,
    Region: a.region ?? null,
    Country: a.country ?? null,
    Zip: a.zip ?? null,
  }
}

function lineSummary(lines: StoreLine[]) {
  return {
    ItemNames: lines.map((l) => l.name),
    ItemCount: lines.reduce((n, l) => n + l.quantity, 0),
    Categories: uniq(lines.flatMap((l) => l.categories ?? [])),
    Brands: uniq(lines.map((l) => l.brand ?? '')),
    Items: lines.map(item),
  }
}

/** The properties every order event carries. */
export function orderProperties(ctx: CommerceContext, o: StoreOrder): Record<string, unknown> {
  return {
    OrderId: o.id,
    OrderNumber: o.name ?? null,
    ...lineSummary(o.lines),
    DiscountCodes: o.discountCodes,
    DiscountValue: money(o.discountTotal ?? 0),
    Subtotal: o.subtotal == null ? null : money(o.subtotal),
    ShippingTotal: o.shippingTotal == null ? null : money(o.shippingTotal),
    TaxTotal: o.taxTotal == null ? null : money(o.taxTotal),
    Currency: o.currency,
    FinancialStatus: o.financialStatus ?? null,
    FulfillmentStatus: o.fulfillmentStatus ?? null,
    SourceName: o.sourceName ?? null,
    BillingAddress: address(o.billingAddress),
    ShippingAddress: address(o.shippingAddress),
    Integration: ctx.provider,
  }
}

const metric = (ctx: CommerceContext, name: string) => ({ name, service: ctx.provider })

/** Placed Order and one Ordered Product per line. */
export function placedOrderEvents(ctx: CommerceContext, o: StoreOrder, profile: Profile): EventInput[] {
  const placed: EventInput = {
    metric: metric(ctx, METRICS.placed),
    profile,
    properties: orderProperties(ctx, o),
    time: o.createdAt,
    value: money(o.total),
    valueCurrency: o.currency,
    uniqueId: o.id,
  }
  const lines = o.lines.map((l): EventInput => ({
    metric: metric(ctx, METRICS.ordered),
    profile,
    properties: {
      OrderId: o.id,
      ...item(l),
      DiscountCodes: o.discountCodes,
      Currency: o.currency,
      Integration: ctx.provider,
    },
    time: o.createdAt,
    value: rowTotal(l),
    valueCurrency: o.currency,
    uniqueId: `${o.id}:${l.id}`,
  }))
  return [placed, ...lines]
}

export function fulfilledOrderEvent(ctx: CommerceContext, o: StoreOrder, profile: Profile): EventInput {
  return {
    metric: metric(ctx, METRICS.fulfilled),
    profile,
    properties: orderProperties(ctx, o),
    time: o.fulfilledAt ?? o.updatedAt ?? o.createdAt,
    value: money(o.total),
    valueCurrency: o.currency,
    uniqueId: o.id,
  }
}

export function cancelledOrderEvent(ctx: CommerceContext, o: StoreOrder, profile: Profile): EventInput {
  return {
    metric: metric(ctx, METRICS.cancelled),
    profile,
    properties: { ...orderProperties(ctx, o), Reason: o.cancelReason ?? null },
    time: o.cancelledAt ?? o.updatedAt ?? o.createdAt,
    value: money(o.total),
    valueCurrency: o.currency,
    uniqueId: o.id,
  }
}

/** One Refunded Order per refund ($event_id the refund id: an order refunded twice has two). */
export function refundedOrderEvent(ctx: CommerceContext, r: StoreRefund, profile: Profile): EventInput {
  return {
    metric: metric(ctx, METRICS.refunded),
    profile,
    properties: {
      OrderId: r.orderId,
      RefundId: r.id,
      OrderNumber: r.order?.name ?? null,
      ...lineSummary(r.lines),
      Note: r.note ?? null,
      Currency: r.currency,
      Integration: ctx.provider,
    },
    time: r.createdAt,
    value: money(r.amount),
    valueCurrency: r.currency || undefined,
    uniqueId: r.id,
  }
}

/** Started Checkout, once per checkout (its updates never trigger the abandoned-checkout flow again). */
export function startedCheckoutEvent(ctx: CommerceContext, c: StoreCheckout, profile: Profile): EventInput {
  return {
    metric: metric(ctx, METRICS.checkout),
    profile,
    properties: {
      CheckoutId: c.id,
      CheckoutURL: c.recoveryUrl ?? null,
      ...lineSummary(c.lines),
      DiscountCodes: c.discountCodes,
      Currency: c.currency,
      Integration: ctx.provider,
    },
    time: c.createdAt,
    value: money(c.total),
    valueCurrency: c.currency,
    uniqueId: c.token ?? c.id,
  }
}
