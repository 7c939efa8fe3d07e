import { handleWhatsAppVerify, handleWhatsAppWebhook } from '@/lib/messaging/whatsapp/handle-whatsapp-webhook'
import { webhookRoute } from '@/lib/messaging/sms/webhook-route'

// GET /webhooks/whatsapp – the Cloud API's subscription check (hub.verify_token → hub.challenge)
export const GET = webhookRoute((_req, url) => handleWhatsAppVerify(url))

// POST /webhooks/whatsapp – message statuses and inbound messages (signed with X-Hub-Signature-256)
export const POST = webhookRoute((req, _url, raw) => handleWhatsAppWebhook(raw, req.headers.get('x-hub-signature-256')))
