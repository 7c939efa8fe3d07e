// POST /webhooks/shopify: Shopify's webhook deliveries, received as every store's are
// (lib/integrations/receive-signed-delivery.ts): X-Shopify-Hmac-Sha256 checked with the secret of
// the shop in X-Shopify-Shop-Domain, recorded once by X-Shopify-Webhook-Id, the topic from
// X-Shopify-Topic.
import { receiveSignedDelivery, type SignedDeliverySource } from '@/lib/integrations/receive-signed-delivery'
import { findShopConnection } from './connection-secret'
import { isHandledShopifyTopic } from './topics'
import { verifyShopifyHmac } from './verify-hmac'

const shopify: SignedDeliverySource = {
  provider: 'shopify',
  route: '/webhooks/shopify',
  findConnection: (h) => findShopConnection(h.get('x-shopify-shop-domain')),
  verify: (secret, raw, h) => verifyShopifyHmac(secret, raw, h.get('x-shopify-hmac-sha256')),
  topic: (h) => h.get('x-shopify-topic'),
  deliveryId: (h) => h.get('x-shopify-webhook-id'),
  isHandledTopic: isHandledShopifyTopic,
}

export const receiveShopifyWebhook = (req: Request) => receiveSignedDelivery(req, shopify)
