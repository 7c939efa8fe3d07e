// POST /webhooks/stripe: the signature (Stripe-Signature, STRIPE_WEBHOOK_SECRET) is checked
// before anything is read; a bad or missing one is a 401 and changes nothing.
import { stripeConfig } from './billing-config'
import { handleStripeEvent } from './handle-stripe-event'
import { verifyStripeEvent } from './stripe-client'

export interface StripeWebhookAnswer {
  status: number
  body: string
  contentType: string
}

const json = (status: number, body: unknown): StripeWebhookAnswer => ({
  status,
  body: JSON.stringify(body),
  contentType: 'application/json',
})

export async function handleStripeWebhook(raw: string, signature: string | null): Promise<StripeWebhookAnswer> {
  const secret = stripeConfig()?.webhookSecret ?? process.env.STRIPE_WEBHOOK_SECRET
  if (!secret) return json(404, { error: 'not_configured', message: 'Stripe webhooks are not configured.' })
  const event = verifyStripeEvent(raw, signature, secret)
  if (!event) return json(401, { error: 'bad_signature', message: 'The signature does not match.' })
  const result = await handleStripeEvent(event)
  return json(200, { received: true, result })
}
