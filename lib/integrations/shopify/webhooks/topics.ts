// The Shopify webhook topics we process (the connect step registers these; G1b reads this list).
// Anything else is recorded as ignored with the reason.
export const SHOPIFY_TOPICS = [
  'orders/create',
  'orders/fulfilled',
  'orders/cancelled',
  'refunds/create',
  'checkouts/create',
  'checkouts/update',
  'customers/create',
  'customers/update',
  'customers/email_marketing_consent_update',
  'customers/marketing_consent_update',
  'products/create',
  'products/update',
  'products/delete',
  'inventory_levels/update',
  'app/uninstalled',
] as const

export type ShopifyTopic = (typeof SHOPIFY_TOPICS)[number]

const HANDLED = new Set<string>(SHOPIFY_TOPICS)
export const isHandledShopifyTopic = (topic: string): topic is ShopifyTopic => HANDLED.has(topic)
