import { receiveWooWebhook } from '@/lib/integrations/woocommerce/webhooks/receive-webhook'

export const dynamic = 'force-dynamic'

// POST /webhooks/woocommerce – WooCommerce's webhooks (X-WC-Webhook-Signature, -Source, -Topic, -Delivery-ID)
export const POST = (req: Request) => receiveWooWebhook(req)
