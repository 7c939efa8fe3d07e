// The provider-neutral store model (issue 21): what a Shopify webhook, a WooCommerce webhook and
// a historical sync all become before they reach events, profiles and the catalog
// (./ingest.ts). Providers map their payloads into these shapes (lib/integrations/shopify/
// webhooks/map-*.ts, lib/integrations/woocommerce/…); nothing here knows a provider's JSON.
// Ids are the provider's ids as strings (Shopify's numeric ids, WooCommerce's ids); money is a
// number in the order's currency; times are ISO 8601 strings as the store reports them.

export type CommerceProvider = 'shopify' | 'woocommerce'

export interface StoreAddress {
  address1?: string | null
  address2?: string | null
  city?: string | null
  region?: string | null
  country?: string | null
  zip?: string | null
}

/** Marketing consent as the store reports it (Shopify: email_marketing_consent / sms_marketing_consent). */
export interface StoreConsent {
  state: 'subscribed' | 'unsubscribed' | 'pending' | 'not_subscribed'
  /** single_opt_in | confirmed_opt_in | unknown (Shopify's opt_in_level). */
  optInLevel?: string | null
  /** When the store last changed it; a consent without a time never replaces one we hold. */
  updatedAt?: string | null
}

export interface StoreCustomer {
  id?: string | null
  email?: string | null
  phone?: string | null
  firstName?: string | null
  lastName?: string | null
  address?: StoreAddress | null
  emailConsent?: StoreConsent | null
  smsConsent?: StoreConsent | null
  tags?: string[]
  ordersCount?: number | null
  totalSpent?: number | null
  createdAt?: string | null
  updatedAt?: string | null
}

export interface StoreLine {
  id: string
  productId?: string | null
  variantId?: string | null
  sku?: string | null
  /** The product's title. */
  name: string
  variantTitle?: string | null
  quantity: number
  /** Unit price. */
  price: number
  /** price × quantity (before order-level discounts) when not given. */
  total?: number | null
  url?: string | null
  imageUrl?: string | null
  categories?: string[]
  brand?: string | null
}

export type StoreOrderStatus = 'placed' | 'fulfilled' | 'cancelled' | 'refunded'

export interface StoreOrder {
  id: string
  /** The order's name or number as the merchant sees it (#1001). */
  name?: string | null
  customer?: StoreCustomer | null
  currency: string
  total: number
  subtotal?: number | null
  discountTotal?: number | null
  shippingTotal?: number | null
  taxTotal?: number | null
  discountCodes: string[]
  lines: StoreLine[]
  status: StoreOrderStatus
  financialStatus?: string | null
  fulfillmentStatus?: string | null
  createdAt: string
  updatedAt?: string | null
  /** When it was fulfilled (Fulfilled Order's time); updatedAt otherwise. */
  fulfilledAt?: string | null
  cancelledAt?: string | null
  cancelReason?: string | null
  billingAddress?: StoreAddress | null
  shippingAddress?: StoreAddress | null
  sourceName?: string | null
  /** The storefront page the buyer landed on (may carry UTM parameters or our click id). */
  landingSite?: string | null
  orderStatusUrl?: string | null
  tags?: string[]
}

export interface StoreRefund {
  id: string
  orderId: string
  /** The refunded order when the payload carries it or it is known (buyer, currency). */
  order?: StoreOrder | null
  customer?: StoreCustomer | null
  amount: number
  currency: string
  lines: StoreLine[]
  note?: string | null
  createdAt: string
}

export interface StoreCheckout {
  id: string
  /** Shopify's checkout token (the cart identity across checkouts/create and /update). */
  token?: string | null
  customer?: StoreCustomer | null
  currency: string
  total: number
  subtotal?: number | null
  discountCodes: string[]
  lines: StoreLine[]
  /** Where the buyer resumes the checkout (the abandoned-checkout emails link to it). */
  recoveryUrl?: string | null
  createdAt: string
  updatedAt?: string | null
  completedAt?: string | null
}

export interface StoreVariant {
  id: string
  title: string
  sku?: string | null
  price: number
  compareAtPrice?: number | null
  /** null: the store does not track inventory for it. */
  inventoryQuantity?: number | null
  /** deny: not sold out of stock; continue: oversold allowed. */
  inventoryPolicy?: 'deny' | 'continue' | null
  inventoryItemId?: string | null
  imageUrl?: string | null
}

export interface StoreProduct {
  id: string
  title: string
  description?: string | null
  url?: string | null
  handle?: string | null
  vendor?: string | null
  productType?: string | null
  tags?: string[]
  /** active | draft | archived; only active products are published in the catalog. */
  status?: string | null
  imageUrl?: string | null
  imageUrls?: string[]
  variants: StoreVariant[]
  createdAt?: string | null
  updatedAt?: string | null
}

/** Shopify's inventory_levels/update: an inventory item's available count at a location. */
export interface StoreInventoryLevel {
  inventoryItemId: string
  available: number | null
  locationId?: string | null
  updatedAt?: string | null
}

/** Who and where: every ingest call is for one company's one connection. */
export interface CommerceContext {
  companyId: number
  provider: CommerceProvider
  integrationId?: string | null
  /** The store's public origin (https://shop.example): fills product URLs the payload lacks. */
  storeUrl?: string | null
}

export interface IngestSummary {
  /** New events written. */
  events: number
  /** Events that already existed (a replayed order). */
  duplicates: number
  profileId?: string | null
}
