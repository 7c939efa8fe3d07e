// Shopify's REST-shaped webhook fields (the documented payloads of its webhook topics) into the
// store model's pieces: money strings, ids, addresses, line items, customers and their consent.
// Lenient: a missing or odd field becomes null, never an exception, so one unexpected field
// never loses an order; a payload without what we need (an id) is refused by the caller.
import type { StoreAddress, StoreConsent, StoreCustomer, StoreLine } from '@/lib/integrations/commerce/types'

export type Json = Record<string, unknown>

export const obj = (v: unknown): Json | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : null)
export const arr = (v: unknown): Json[] => (Array.isArray(v) ? v.map(obj).filter((x): x is Json => x !== null) : [])
export const str = (v: unknown): string | null =>
  typeof v === 'string' && v.trim() ? v.trim() : typeof v === 'number' ? String(v) : null
export const id = (v: unknown): string | null =>
  typeof v === 'number' || (typeof v === 'string' && v.trim()) ? String(v).trim() : null

/** "199.00" → 199; a number as is; anything else null. */
export function money(v: unknown): number | null {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() ? Number(v) : NaN
  return Number.isFinite(n) ? n : null
}

/** A *_set field's shop money ({shop_money: {amount, currency_code}}). */
export const shopMoney = (v: unknown) => money(obj(obj(v)?.shop_money)?.amount)

/** Shopify's tags: "a, b" (or a list in newer payloads). */
export const tags = (v: unknown): string[] =>
  Array.isArray(v)
    ? v.map(str).filter((x): x is string => !!x)
    : (str(v) ?? '')
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean)

export function address(v: unknown): StoreAddress | null {
  const a = obj(v)
  if (!a) return null
  return {
    address1: str(a.address1),
    address2: str(a.address2),
    city: str(a.city),
    region: str(a.province) ?? str(a.province_code),
    country: str(a.country) ?? str(a.country_code),
    zip: str(a.zip),
  }
}

const CONSENT_STATES = new Set(['subscribed', 'unsubscribed', 'pending', 'not_subscribed'])

/** email_marketing_consent / sms_marketing_consent ({state, opt_in_level, consent_updated_at}); redacted/invalid → null. */
export function consent(v: unknown): StoreConsent | null {
  const c = obj(v)
  const state = str(c?.state)?.toLowerCase()
  if (!c || !state || !CONSENT_STATES.has(state)) return null
  return {
    state: state as StoreConsent['state'],
    optInLevel: str(c.opt_in_level),
    updatedAt: str(c.consent_updated_at),
  }
}

/** Before 2022 a customer carried accepts_marketing (+ its time and opt-in level) instead. */
function legacyEmailConsent(c: Json): StoreConsent | null {
  if (typeof c.accepts_marketing !== 'boolean') return null
  return {
    state: c.accepts_marketing ? 'subscribed' : 'not_subscribed',
    optInLevel: str(c.marketing_opt_in_level),
    updatedAt: str(c.accepts_marketing_updated_at),
  }
}

/** A customer object (customers/*, or an order's / checkout's customer), with fallbacks from its parent. */
export function customer(v: unknown, parent: Json = {}): StoreCustomer | null {
  const c = obj(v) ?? {}
  const email = str(c.email) ?? str(parent.email) ?? str(parent.contact_email)
  const phone = str(c.phone) ?? str(parent.phone) ?? str(obj(parent.billing_address)?.phone)
  const billing = obj(parent.billing_address)
  if (!email && !phone && !id(c.id)) return null
  return {
    id: id(c.id),
    email,
    phone,
    firstName: str(c.first_name) ?? str(billing?.first_name),
    lastName: str(c.last_name) ?? str(billing?.last_name),
    address: address(c.default_address) ?? address(parent.billing_address),
    emailConsent: consent(c.email_marketing_consent) ?? legacyEmailConsent(c),
    smsConsent: consent(c.sms_marketing_consent),
    tags: tags(c.tags),
    ordersCount: money(c.orders_count),
    totalSpent: money(c.total_spent),
    createdAt: str(c.created_at),
    updatedAt: str(c.updated_at),
  }
}

/** An order's or checkout's line item. */
export function line(v: Json, index: number): StoreLine {
  const quantity = money(v.quantity) ?? 1
  const price = money(v.price) ?? shopMoney(v.price_set) ?? 0
  return {
    id: id(v.id) ?? str(v.key) ?? id(v.variant_id) ?? String(index + 1),
    productId: id(v.product_id),
    variantId: id(v.variant_id),
    sku: str(v.sku),
    name: str(v.title) ?? str(v.name) ?? 'Item',
    variantTitle: str(v.variant_title),
    quantity,
    price,
    total: money(v.line_price) ?? price * quantity,
    brand: str(v.vendor),
  }
}

export function discountCodes(v: unknown): string[] {
  return arr(v)
    .map((d) => str(d.code))
    .filter((x): x is string => !!x)
}
