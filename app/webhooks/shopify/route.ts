import { receiveShopifyWebhook } from '@/lib/integrations/shopify/webhooks/receive-webhook'

export const dynamic = 'force-dynamic'

// POST /webhooks/shopify – Shopify's webhooks (X-Shopify-Hmac-Sha256, -Shop-Domain, -Topic, -Webhook-Id)
export const POST = (req: Request) => receiveShopifyWebhook(req)
