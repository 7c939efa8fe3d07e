import { webhookRoute } from '@/lib/messaging/sms/webhook-route'
import { handleStripeWebhook } from '@/lib/billing/stripe-webhook'

// POST /webhooks/stripe – Stripe's subscription, checkout and invoice events (signed with Stripe-Signature)
export const POST = webhookRoute((req, _url, raw) => handleStripeWebhook(raw, req.headers.get('stripe-signature')))
