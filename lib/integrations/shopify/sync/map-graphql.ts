// Admin GraphQL nodes (the historical sync's pages) into the store model. Ids become the numeric
// ids webhooks carry (gid://shopify/Order/123 → "123"), so an order synced and later delivered by
// webhook is one order with one Placed Order.
import type {
  StoreAddress,
  StoreConsent,
  StoreCustomer,
  StoreLine,
  StoreOrder,
  StoreProduct,
} from '@/lib/integrations/commerce/types'
import { legacyId } from '../admin-api'

type Money = { shopMoney?: { amount?: string | null; currencyCode?: string | null } | null } | null | undefined
const amount = (m: Money) => Number(m?.shopMoney?.amount ?? 0) || 0

export interface GqlAddress {
  address1?: string | null
  address2?: string | null
  city?: string | null
  province?: string | null
  countryCodeV2?: string | null
  zip?: string | null
}
export interface GqlConsent {
  marketingState?: string | null
  marketingOptInLevel?: string | null
  consentUpdatedAt?: string | null
}
export interface GqlCustomer {
  id: string
  email?: string | null
  phone?: string | null
  firstName?: string | null
  lastName?: string | null
  createdAt?: string | null
  updatedAt?: string | null
  tags?: string[]
  numberOfOrders?: string | number | null
  amountSpent?: { amount?: string | null } | null
  defaultAddress?: GqlAddress | null
  emailMarketingConsent?: GqlConsent | null
  smsMarketingConsent?: GqlConsent | null
}
export interface GqlLine {
  id: string
  name?: string | null
  title?: string | null
  quantity: number
  sku?: string | null
  variantTitle?: string | null
  originalUnitPriceSet?: Money
  product?: { id: string } | null
  variant?: { id: string } | null
}
export interface GqlOrder {
  id: string
  name?: string | null
  createdAt: string
  updatedAt?: string | null
  cancelledAt?: string | null
  cancelReason?: string | null
  currencyCode: string
  displayFinancialStatus?: string | null
  displayFulfillmentStatus?: string | null
  email?: string | null
  phone?: string | null
  tags?: string[]
  sourceName?: string | null
  statusPageUrl?: string | null
  discountCodes?: string[]
  totalPriceSet?: Money
  subtotalPriceSet?: Money
  totalDiscountsSet?: Money
  totalShippingPriceSet?: Money
  totalTaxSet?: Money
  customer?: (Omit<GqlCustomer, 'id'> & { id: string }) | null
  billingAddress?: GqlAddress | null
  shippingAddress?: GqlAddress | null
  lineItems?: { nodes: GqlLine[] } | null
}
export interface GqlVariant {
  id: string
  title: string
  sku?: string | null
  price: string
  compareAtPrice?: string | null
  inventoryQuantity?: number | null
  inventoryPolicy?: string | null
  inventoryItem?: { id: string } | null
  image?: { url: string } | null
}
export interface GqlProduct {
  id: string
  title: string
  handle?: string | null
  descriptionHtml?: string | null
  vendor?: string | null
  productType?: string | null
  tags?: string[]
  status?: string | null
  createdAt?: string | null
  updatedAt?: string | null
  onlineStoreUrl?: string | null
  featuredImage?: { url: string } | null
  variants?: { nodes: GqlVariant[] } | null
}

const address = (a: GqlAddress | null | undefined): StoreAddress | null =>
  a
    ? {
        address1: a.address1,
        address2: a.address2,
        city: a.city,
        region: a.province,
        country: a.countryCodeV2,
        zip: a.zip,
      }
    : null

const STATES: Record<string, StoreConsent['state']> = {
  SUBSCRIBED: 'subscribed',
  UNSUBSCRIBED: 'unsubscribed',
  PENDING: 'pending',
  NOT_SUBSCRIBED: 'not_subscribed',
}
function consent(c: GqlConsent | null | undefined): StoreConsent | null {
  const state = c?.marketingState ? STATES[c.marketingState] : undefined
  return state
    ? { state, optInLevel: c?.marketingOptInLevel?.toLowerCase() ?? null, updatedAt: c?.consentUpdatedAt ?? null }
    : null
}

export function mapGqlCustomer(c: GqlCustomer): StoreCustomer {
  return {
    id: legacyId(c.id),
    email: c.email ?? null,
    phone: c.phone ?? null,
    firstName: c.firstName ?? null,
    lastName: c.lastName ?? null,
    address: address(c.defaultAddress),
    emailConsent: consent(c.emailMarketingConsent),
    smsConsent: consent(c.smsMarketingConsent),
    tags: c.tags ?? [],
    ordersCount: c.numberOfOrders == null ? null : Number(c.numberOfOrders),
    totalSpent: c.amountSpent?.amount == null ? null : Number(c.amountSpent.amount),
    createdAt: c.createdAt ?? null,
    updatedAt: c.updatedAt ?? null,
  }
}

function line(l: GqlLine): StoreLine {
  const price = amount(l.originalUnitPriceSet)
  return {
    id: legacyId(l.id)!,
    productId: legacyId(l.product?.id),
    variantId: legacyId(l.variant?.id),
    sku: l.sku ?? null,
    name: l.title ?? l.name ?? '',
    variantTitle: l.variantTitle ?? null,
    quantity: l.quantity,
    price,
    total: price * l.quantity,
  }
}

export function mapGqlOrder(o: GqlOrder): StoreOrder {
  const c = o.customer
  const customer: StoreCustomer | null =
    c || o.email || o.phone
      ? { ...(c ? mapGqlCustomer(c) : {}), email: c?.email ?? o.email ?? null, phone: c?.phone ?? o.phone ?? null }
      : null
  const fulfilled = o.displayFulfillmentStatus === 'FULFILLED'
  return {
    id: legacyId(o.id)!,
    name: o.name ?? null,
    customer,
    currency: o.currencyCode,
    total: amount(o.totalPriceSet),
    subtotal: amount(o.subtotalPriceSet),
    discountTotal: amount(o.totalDiscountsSet),
    shippingTotal: amount(o.totalShippingPriceSet),
    taxTotal: amount(o.totalTaxSet),
    discountCodes: o.discountCodes ?? [],
    lines: (o.lineItems?.nodes ?? []).map(line),
    status: o.cancelledAt ? 'cancelled' : fulfilled ? 'fulfilled' : 'placed',
    financialStatus: o.displayFinancialStatus?.toLowerCase() ?? null,
    fulfillmentStatus: o.displayFulfillmentStatus?.toLowerCase() ?? null,
    createdAt: o.createdAt,
    updatedAt: o.updatedAt ?? null,
    cancelledAt: o.cancelledAt ?? null,
    cancelReason: o.cancelReason ?? null,
    billingAddress: address(o.billingAddress),
    shippingAddress: address(o.shippingAddress),
    sourceName: o.sourceName ?? null,
    orderStatusUrl: o.statusPageUrl ?? null,
    tags: o.tags ?? [],
  }
}

export function mapGqlProduct(p: GqlProduct): StoreProduct {
  return {
    id: legacyId(p.id)!,
    title: p.title,
    description: p.descriptionHtml ?? null,
    url: p.onlineStoreUrl ?? null,
    handle: p.handle ?? null,
    vendor: p.vendor ?? null,
    productType: p.productType ?? null,
    tags: p.tags ?? [],
    status: p.status?.toLowerCase() ?? null,
    imageUrl: p.featuredImage?.url ?? null,
    createdAt: p.createdAt ?? null,
    updatedAt: p.updatedAt ?? null,
    variants: (p.variants?.nodes ?? []).map((v) => ({
      id: legacyId(v.id)!,
      title: v.title,
      sku: v.sku ?? null,
      price: Number(v.price) || 0,
      compareAtPrice: v.compareAtPrice == null ? null : Number(v.compareAtPrice),
      inventoryQuantity: v.inventoryQuantity ?? null,
      inventoryPolicy: v.inventoryPolicy === 'CONTINUE' ? 'continue' : v.inventoryPolicy === 'DENY' ? 'deny' : null,
      inventoryItemId: legacyId(v.inventoryItem?.id),
      imageUrl: v.image?.url ?? null,
    })),
  }
}
