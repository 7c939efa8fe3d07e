// Issue 21 §7: the demo company ships connected to a test Shopify shop and a test WooCommerce
// store, so anyone can send a signed sample webhook with curl (docs/integrations.md) and watch
// the order arrive without owning a shop. The secrets come from the environment with printed
// defaults, like the demo password: change them before exposing a server.
import { saveConnection } from '@/lib/integrations/connections'

export const DEMO_SHOP_DOMAIN = 'demo-store.myshopify.com'
export const DEMO_WOO_ORIGIN = 'http://demo-woo.test'

export async function seedDemoIntegrations(companyId: number): Promise<{ shopifyId: string; woocommerceId: string }> {
  const shopify = await saveConnection({
    companyId,
    key: 'shopify',
    externalKey: DEMO_SHOP_DOMAIN,
    isTest: true,
    credentials: { accessToken: 'demo', webhookSecret: process.env.DEMO_SHOPIFY_SECRET || 'demo-shopify-secret' },
  })
  const woocommerce = await saveConnection({
    companyId,
    key: 'woocommerce',
    externalKey: DEMO_WOO_ORIGIN,
    isTest: true,
    credentials: { webhookSecret: process.env.DEMO_WOO_SECRET || 'demo-woo-secret' },
  })
  return { shopifyId: shopify.id, woocommerceId: woocommerce.id }
}
