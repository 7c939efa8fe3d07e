// The sync's GraphQL pages. Shopify refuses a query whose requested cost exceeds 1,000 points,
// and a connection costs about 2 + first × (what each node holds, nested connections by their
// own first): an order with lineItems(first: 20) is about 115 points, so 8 orders a page; a
// product with variants(first: 20) about 45, so 20; a customer about 5, so 100. A real shop's
// bucket restores 100–2,000 points a second, which, not this code, bounds a large sync.
// SHOPIFY_SYNC_PAGE_SIZE overrides every page (the benchmark's stand-in has no such cap).
export type SyncResource = 'products' | 'customers' | 'orders'
export const SYNC_ORDER: SyncResource[] = ['products', 'customers', 'orders']

const DEFAULT_PAGE: Record<SyncResource, number> = { orders: 8, products: 20, customers: 100 }
export const pageSize = (r: SyncResource): number => {
  const env = Number(process.env.SHOPIFY_SYNC_PAGE_SIZE)
  return Number.isInteger(env) && env > 0 && env <= 250 ? env : DEFAULT_PAGE[r]
}

const MONEY = 'shopMoney { amount currencyCode }'
const ADDRESS = 'address1 address2 city province countryCodeV2 zip'
const CONSENT = 'marketingState marketingOptInLevel consentUpdatedAt'
const PAGE = 'pageInfo { hasNextPage endCursor }'

export const QUERIES: Record<SyncResource, string> = {
  orders: `query SyncOrders($first: Int!, $after: String, $query: String, $withCount: Boolean!) {
  ordersCount(query: $query, limit: null) @include(if: $withCount) { count }
  orders(first: $first, after: $after, query: $query, sortKey: CREATED_AT) {
    nodes {
      id name createdAt updatedAt cancelledAt cancelReason currencyCode displayFinancialStatus displayFulfillmentStatus
      email phone tags sourceName statusPageUrl discountCodes
      totalPriceSet { ${MONEY} } subtotalPriceSet { ${MONEY} } totalDiscountsSet { ${MONEY} } totalShippingPriceSet { ${MONEY} } totalTaxSet { ${MONEY} }
      customer { id email phone firstName lastName }
      billingAddress { ${ADDRESS} } shippingAddress { ${ADDRESS} }
      lineItems(first: 20) { nodes { id name title quantity sku variantTitle originalUnitPriceSet { ${MONEY} } product { id } variant { id } } }
    }
    ${PAGE}
  }
}`,
  customers: `query SyncCustomers($first: Int!, $after: String, $query: String, $withCount: Boolean!) {
  customersCount(query: $query, limit: null) @include(if: $withCount) { count }
  customers(first: $first, after: $after, query: $query, sortKey: UPDATED_AT) {
    nodes {
      id email phone firstName lastName createdAt updatedAt tags numberOfOrders amountSpent { amount currencyCode }
      defaultAddress { ${ADDRESS} } emailMarketingConsent { ${CONSENT} } smsMarketingConsent { ${CONSENT} }
    }
    ${PAGE}
  }
}`,
  products: `query SyncProducts($first: Int!, $after: String, $query: String, $withCount: Boolean!) {
  productsCount(query: $query, limit: null) @include(if: $withCount) { count }
  products(first: $first, after: $after, query: $query, sortKey: ID) {
    nodes {
      id title handle descriptionHtml vendor productType tags status createdAt updatedAt onlineStoreUrl featuredImage { url }
      variants(first: 20) { nodes { id title sku price compareAtPrice inventoryQuantity inventoryPolicy inventoryItem { id } } }
    }
    ${PAGE}
  }
}`,
}

/** Orders by creation in the window, customers changed in it; the whole catalog (back in stock and
 *  price drop need every active product, not only the recent ones). */
export function searchFilter(r: SyncResource, sinceDays: number, now: Date): string | null {
  const since = new Date(now.getTime() - sinceDays * 86_400_000).toISOString()
  if (r === 'orders') return `created_at:>='${since}'`
  if (r === 'customers') return `updated_at:>='${since}'`
  return null
}
