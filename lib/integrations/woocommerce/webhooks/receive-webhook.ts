// POST /webhooks/woocommerce: WooCommerce's webhook deliveries. The raw body is read once under a
// size limit and its signature (X-WC-Webhook-Signature) checked with the secret of the store named
// by X-WC-Webhook-Source before anything is parsed; a missing or wrong signature and an unknown
// store get the same 401 and store nothing. The delivery is then recorded once by
// X-WC-Webhook-Delivery-ID with its processing job and answered at once: 200 for a new delivery,
// a duplicate, and a topic we do not handle (stored as ignored); 400 for a body that is not JSON.
// WooCommerce pings a new webhook with an unsigned form body `webhook_id=N` and disables it
// unless the answer is 2xx: that ping is answered 200 and stores nothing.
import { createHash } from 'node:crypto'
import { reportError } from '@/lib/errors/reporter'
import { BodyError, parseJsonText, readBodyBytes } from '@/lib/http/read-body'
import { recordDelivery } from '@/lib/integrations/deliveries'
import { findStoreConnection } from './connection-secret'
import { isHandledWooTopic } from './topics'
import { verifyWooSignature } from './verify-signature'

export const MAX_WEBHOOK_BYTES = 2 * 1024 * 1024
const DUMMY_SECRET = 'no-such-store'
const PING = /^webhook_id=\d{1,20}$/

const json = (status: number, body: Record<string, unknown>) =>
  Response.json(body, { status, headers: { 'cache-control': 'no-store' } })
const unauthorized = () => json(401, { error: 'not_authenticated', message: 'The webhook signature is not valid.' })

export async function receiveWooWebhook(req: Request): Promise<Response> {
  try {
    let raw: Buffer
    try {
      raw = (await readBodyBytes(req, MAX_WEBHOOK_BYTES)) ?? Buffer.alloc(0)
    } catch (e) {
      if (e instanceof BodyError) return json(413, { error: 'too_large', message: e.message })
      throw e
    }
    const h = req.headers
    const signature = h.get('x-wc-webhook-signature')
    if (!signature && PING.test(raw.toString('utf8').trim())) return json(200, { received: true, ping: true })

    const connection = await findStoreConnection(h.get('x-wc-webhook-source'))
    const signed = verifyWooSignature(connection?.secret ?? DUMMY_SECRET, raw, signature)
    if (!connection || !signed) return unauthorized()

    const text = raw.toString('utf8')
    try {
      const body = parseJsonText(text)
      if (!body || typeof body !== 'object') throw new BodyError('bad_json', 'The body must be a JSON object.')
    } catch (e) {
      if (e instanceof BodyError) return json(400, { error: 'invalid', message: e.message })
      throw e
    }
    const topic = (h.get('x-wc-webhook-topic') ?? '').trim().toLowerCase()
    // Without a delivery id, the body's hash makes an identical resend a duplicate.
    const deliveryId =
      h.get('x-wc-webhook-delivery-id')?.trim().slice(0, 255) ||
      `sha256:${createHash('sha256').update(raw).digest('hex')}`
    const handled = isHandledWooTopic(topic)
    const added = await recordDelivery({
      companyId: connection.companyId,
      integrationId: connection.id,
      provider: 'woocommerce',
      deliveryId,
      topic: topic.slice(0, 255) || '(none)',
      body: handled ? text : '',
      ignoredReason: handled ? undefined : `Topic ${topic || '(none)'} is not handled.`,
    })
    return json(200, { received: true, duplicate: !added, ...(handled ? {} : { ignored: true }) })
  } catch (error) {
    // A database outage: WooCommerce counts a non-2xx as a failed delivery; the answer leaks nothing.
    reportError({ error, route: '/webhooks/woocommerce' })
    return json(503, { error: 'unavailable', message: 'Try again later.' })
  }
}
