// WooCommerce's REST v3 resources (the webhook payloads are the same JSON as the REST API's
// order, customer and product) into the store model. Lenient: an odd field becomes null, never an
// exception; a record without an id is refused by the caller (null). Times: the *_gmt fields
// (WooCommerce writes them without a zone) are UTC.
import type {
  StoreAddress,
  StoreCustomer,
  StoreLine,
  StoreOrder,
  StoreProduct,
  StoreRefund,
  StoreVariant,
} from '@/lib/integrations/commerce/types'
import { arr, id, money, obj, str, type Json } from '@/lib/integrations/shopify/webhooks/map-common'

/** "2026-05-10T16:00:00" (GMT, no zone) → "2026-05-10T16:00:00Z". */
export function gmt(v: unknown): string | null {
  const s = str(v)
  if (!s) return null
  const iso = /(Z|[+-]\d{2}:?\d{2})$/.test(s) ? s : `${s}Z`
  return Number.isFinite(Date.parse(iso)) ? iso : null
}

function address(v: unknown): StoreAddress | null {
  const a = obj(v)
  if (!a) return null
  const out = {
    address1: str(a.address_1),
    address2: str(a.address_2),
    city: str(a.city),
    region: str(a.state),
    country: str(a.country),
    zip: str(a.postcode),
  }
  return Object.values(out).some(Boolean) ? out : null
}

/** An order's buyer: WooCommerce keeps the email and phone on the billing address. */
function orderCustomer(o: Json, billing: Json | null): StoreCustomer | null {
  const email = str(billing?.email)
  const phone = str(billing?.phone)
  if (!email && !phone) return null
  const customerId = id(o.customer_id)
  return {
    id: customerId && customerId !== '0' ? customerId : null,
    email,
    phone,
    firstName: str(billing?.first_name),
    lastName: str(billing?.last_name),
    address: address(billing),
  }
}

function line(l: Json): StoreLine | null {
  const lineId = id(l.id)
  if (!lineId) return null
  const quantity = Number(l.quantity) || 0
  const total = money(l.subtotal) ?? money(l.total)
  const price = money(l.price) ?? (total !== null && quantity ? total / quantity : 0)
  const variation = id(l.variation_id)
  return {
    id: lineId,
    productId: id(l.product_id),
    variantId: variation && variation !== '0' ? variation : null,
    sku: str(l.sku),
    name: str(l.name) ?? '',
    quantity,
    price,
    total,
    imageUrl: str(obj(l.image)?.src),
  }
}

/** The order's status as the store model names it (the caller decides which events follow). */
export function orderStatus(wooStatus: string | null): StoreOrder['status'] {
  if (wooStatus === 'completed') return 'fulfilled'
  if (wooStatus === 'cancelled') return 'cancelled'
  if (wooStatus === 'refunded') return 'refunded'
  return 'placed'
}

export function mapWooOrder(payload: unknown): (StoreOrder & { wooStatus: string }) | null {
  const o = obj(payload)
  const orderId = id(o?.id)
  if (!o || !orderId) return null
  const billing = obj(o.billing)
  const wooStatus = str(o.status) ?? 'pending'
  const createdAt = gmt(o.date_created_gmt) ?? gmt(o.date_created) ?? new Date().toISOString()
  const updatedAt = gmt(o.date_modified_gmt) ?? createdAt
  return {
    id: orderId,
    name: str(o.number) ? `#${str(o.number)}` : null,
    customer: orderCustomer(o, billing),
    currency: str(o.currency) ?? 'USD',
    total: money(o.total) ?? 0,
    discountTotal: money(o.discount_total),
    shippingTotal: money(o.shipping_total),
    taxTotal: money(o.total_tax),
    discountCodes: arr(o.coupon_lines)
      .map((c) => str(c.code))
      .filter((c): c is string => !!c),
    lines: arr(o.line_items)
      .map(line)
      .filter((l): l is StoreLine => l !== null),
    status: orderStatus(wooStatus),
    financialStatus: wooStatus,
    createdAt,
    updatedAt,
    fulfilledAt: wooStatus === 'completed' ? (gmt(o.date_completed_gmt) ?? updatedAt) : null,
    cancelledAt: wooStatus === 'cancelled' ? updatedAt : null,
    billingAddress: address(billing),
    shippingAddress: address(o.shipping),
    sourceName: str(o.created_via),
    wooStatus,
  }
}

/** The order's refunds (WooCommerce lists them on the order: {id, reason, total: "-10.00"}). */
export function mapWooRefunds(payload: unknown, order: StoreOrder): StoreRefund[] {
  return arr(obj(payload)?.refunds).flatMap((r) => {
    const refundId = id(r.id)
    if (!refundId) return []
    return [
      {
        id: `refund:${refundId}`,
        orderId: order.id,
        order,
        customer: order.customer,
        amount: Math.abs(money(r.total) ?? 0),
        currency: order.currency,
        lines: [],
        note: str(r.reason),
        createdAt: order.updatedAt ?? order.createdAt,
      },
    ]
  })
}

export function mapWooCustomer(payload: unknown): StoreCustomer | null {
  const c = obj(payload)
  if (!c || !id(c.id)) return null
  const billing = obj(c.billing)
  return {
    id: id(c.id),
    email: str(c.email) ?? str(billing?.email),
    phone: str(billing?.phone),
    firstName: str(c.first_name) ?? str(billing?.first_name),
    lastName: str(c.last_name) ?? str(billing?.last_name),
    address: address(billing) ?? address(c.shipping),
    createdAt: gmt(c.date_created_gmt),
    updatedAt: gmt(c.date_modified_gmt) ?? gmt(c.date_created_gmt),
  }
}

/** A variation of a variable product (GET /products/{id}/variations). */
export function mapWooVariation(payload: unknown): StoreVariant | null {
  const v = obj(payload)
  const variationId = id(v?.id)
  if (!v || !variationId) return null
  const price = money(v.price) ?? money(v.regular_price) ?? 0
  const regular = money(v.regular_price)
  const title = arr(v.attributes)
    .map((a) => str(a.option))
    .filter(Boolean)
    .join(' / ')
  return {
    id: variationId,
    title: title || `Variation ${variationId}`,
    sku: str(v.sku),
    price,
    compareAtPrice: regular !== null && regular > price ? regular : null,
    // manage_stock 'parent': the parent's stock, which we do not split per variation.
    inventoryQuantity: v.manage_stock === true && typeof v.stock_quantity === 'number' ? v.stock_quantity : null,
    inventoryPolicy: str(v.backorders) === 'no' || !v.backorders ? 'deny' : 'continue',
    imageUrl: str(obj(v.image)?.src),
  }
}

/**
 * A simple product is its own single variant; a variable product's variations (the payload names
 * them by id only) are passed in when fetched, else it is one variant too.
 */
export function mapWooProduct(payload: unknown, variations: unknown[] = []): StoreProduct | null {
  const p = obj(payload)
  const productId = id(p?.id)
  if (!p || !productId) return null
  const images = arr(p.images)
    .map((i) => str(i.src))
    .filter((s): s is string => !!s)
  const price = money(p.price) ?? money(p.regular_price) ?? 0
  const regular = money(p.regular_price)
  const manage = p.manage_stock === true
  return {
    id: productId,
    title: str(p.name) ?? `Product ${productId}`,
    description: str(p.short_description) ?? str(p.description),
    url: str(p.permalink),
    handle: str(p.slug),
    productType: str(p.type),
    tags: [...arr(p.categories), ...arr(p.tags)].map((t) => str(t.name)).filter((t): t is string => !!t),
    status: str(p.status) === 'publish' ? 'active' : 'draft',
    imageUrl: images[0] ?? null,
    imageUrls: images,
    variants: variations.length
      ? variations.map(mapWooVariation).filter((v): v is StoreVariant => v !== null)
      : [
          {
            id: productId,
            title: 'Default',
            sku: str(p.sku),
            price,
            compareAtPrice: regular !== null && regular > price ? regular : null,
            inventoryQuantity: manage ? (typeof p.stock_quantity === 'number' ? p.stock_quantity : null) : null,
            inventoryPolicy: str(p.backorders) === 'no' || !p.backorders ? 'deny' : 'continue',
            imageUrl: images[0] ?? null,
          },
        ],
    createdAt: gmt(p.date_created_gmt),
    updatedAt: gmt(p.date_modified_gmt),
  }
}

export const mapWooProductDelete = (payload: unknown): string | null => id(obj(payload)?.id)
