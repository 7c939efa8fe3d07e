// POST /webhooks/woocommerce: WooCommerce's webhook deliveries, received as every store's are
// (lib/integrations/receive-signed-delivery.ts): X-WC-Webhook-Signature checked with the secret of
// the store named by X-WC-Webhook-Source, recorded once by X-WC-Webhook-Delivery-ID, the topic
// from X-WC-Webhook-Topic. WooCommerce pings a new webhook with an unsigned form body
// `webhook_id=N` and disables it unless the answer is 2xx: that ping is answered 200 and stores
// nothing.
import {
  receiveSignedDelivery,
  webhookJson,
  type SignedDeliverySource,
} from '@/lib/integrations/receive-signed-delivery'
import { findStoreConnection } from './connection-secret'
import { isHandledWooTopic } from './topics'
import { verifyWooSignature } from './verify-signature'

const PING = /^webhook_id=\d{1,20}$/

const woocommerce: SignedDeliverySource = {
  provider: 'woocommerce',
  route: '/webhooks/woocommerce',
  preflight: (raw, h) =>
    !h.get('x-wc-webhook-signature') && PING.test(raw.toString('utf8').trim())
      ? webhookJson(200, { received: true, ping: true })
      : null,
  findConnection: (h) => findStoreConnection(h.get('x-wc-webhook-source')),
  verify: (secret, raw, h) => verifyWooSignature(secret, raw, h.get('x-wc-webhook-signature')),
  topic: (h) => h.get('x-wc-webhook-topic'),
  deliveryId: (h) => h.get('x-wc-webhook-delivery-id'),
  isHandledTopic: isHandledWooTopic,
}

export const receiveWooWebhook = (req: Request) => receiveSignedDelivery(req, woocommerce)
