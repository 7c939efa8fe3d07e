// POST /webhooks/shopify: Shopify's webhook deliveries. The raw body is read once under a size
// limit and its HMAC checked with the connection's secret before anything is parsed; a missing or
// wrong signature and an unknown shop get the same 401 (no oracle for which shops are connected)
// and store nothing. Then the delivery is recorded once by X-Shopify-Webhook-Id with its
// processing job (lib/integrations/deliveries.ts) and answered at once: 200 for a new delivery,
// a duplicate (Shopify retries) and a topic we do not handle (stored as ignored with the reason);
// 400 for a body that is not JSON. The work happens in the job.
import { createHash } from 'node:crypto'
import { reportError } from '@/lib/errors/reporter'
import { BodyError, parseJsonText, readBodyBytes } from '@/lib/http/read-body'
import { recordDelivery } from '@/lib/integrations/deliveries'
import { findShopConnection } from './connection-secret'
import { isHandledShopifyTopic } from './topics'
import { verifyShopifyHmac } from './verify-hmac'

/** Shopify's order payloads with hundreds of lines stay well under this. */
export const MAX_WEBHOOK_BYTES = 2 * 1024 * 1024
const DUMMY_SECRET = 'no-such-shop'

const json = (status: number, body: Record<string, unknown>) =>
  Response.json(body, { status, headers: { 'cache-control': 'no-store' } })
const unauthorized = () => json(401, { error: 'not_authenticated', message: 'The webhook signature is not valid.' })

export async function receiveShopifyWebhook(req: Request): Promise<Response> {
  try {
    let raw: Buffer
    try {
      raw = (await readBodyBytes(req, MAX_WEBHOOK_BYTES)) ?? Buffer.alloc(0)
    } catch (e) {
      if (e instanceof BodyError) return json(413, { error: 'too_large', message: e.message })
      throw e
    }
    const h = req.headers
    const connection = await findShopConnection(h.get('x-shopify-shop-domain'))
    const signed = verifyShopifyHmac(connection?.secret ?? DUMMY_SECRET, raw, h.get('x-shopify-hmac-sha256'))
    if (!connection || !signed) return unauthorized()

    const text = raw.toString('utf8')
    try {
      const body = parseJsonText(text)
      if (!body || typeof body !== 'object') throw new BodyError('bad_json', 'The body must be a JSON object.')
    } catch (e) {
      if (e instanceof BodyError) return json(400, { error: 'invalid', message: e.message })
      throw e
    }
    const topic = (h.get('x-shopify-topic') ?? '').trim().toLowerCase()
    // Shopify always sends the id; without one, the body's hash makes an identical retry a duplicate.
    const deliveryId =
      h.get('x-shopify-webhook-id')?.trim().slice(0, 255) || `sha256:${createHash('sha256').update(raw).digest('hex')}`
    const handled = isHandledShopifyTopic(topic)
    const added = await recordDelivery({
      companyId: connection.companyId,
      integrationId: connection.id,
      provider: 'shopify',
      deliveryId,
      topic: topic.slice(0, 255) || '(none)',
      body: handled ? text : '',
      ignoredReason: handled ? undefined : `Topic ${topic || '(none)'} is not handled.`,
    })
    return json(200, { received: true, duplicate: !added, ...(handled ? {} : { ignored: true }) })
  } catch (error) {
    // A database outage: Shopify retries a non-2xx, which is what we want; the answer leaks nothing.
    reportError({ error, route: '/webhooks/shopify' })
    return json(503, { error: 'unavailable', message: 'Try again later.' })
  }
}
