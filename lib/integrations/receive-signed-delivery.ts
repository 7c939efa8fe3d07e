// A store's signed webhook delivery (Shopify, WooCommerce), received the same way for every
// provider: the raw body is read once under a size limit and its signature checked with the
// connection's secret before anything is parsed; a missing or wrong signature and an unknown
// store get the same 401 (no oracle for which stores are connected) and store nothing. Then the
// delivery is recorded once by the provider's delivery id with its processing job
// (./deliveries.ts) and answered at once: 200 for a new delivery, a duplicate (providers retry)
// and a topic we do not handle (stored as ignored with the reason); 400 for a body that is not
// JSON. The work happens in the job. What differs per provider (headers, signature, topics, a
// ping) is passed in.
import { createHash } from 'node:crypto'
import { reportError } from '@/lib/errors/reporter'
import { BodyError, parseJsonText, readBodyBytes } from '@/lib/http/read-body'
import type { CommerceProvider } from './commerce/types'
import { recordDelivery } from './deliveries'

/** A store's order payloads with hundreds of lines stay well under this. */
export const MAX_WEBHOOK_BYTES = 2 * 1024 * 1024
// An unknown store is checked against this secret so it costs the same time as a known one.
const DUMMY_SECRET = 'no-such-store'

export interface SignedConnection {
  id: string
  companyId: number
  secret: string
}

export interface SignedDeliverySource {
  provider: CommerceProvider
  /** For the error report of an outage. */
  route: string
  /** An answer given before the signature check (WooCommerce's unsigned creation ping), or null. */
  preflight?: (raw: Buffer, headers: Headers) => Response | null
  findConnection: (headers: Headers) => Promise<SignedConnection | null>
  verify: (secret: string, raw: Buffer, headers: Headers) => boolean
  topic: (headers: Headers) => string | null
  deliveryId: (headers: Headers) => string | null
  isHandledTopic: (topic: string) => boolean
}

export const webhookJson = (status: number, body: Record<string, unknown>) =>
  Response.json(body, { status, headers: { 'cache-control': 'no-store' } })
const unauthorized = () =>
  webhookJson(401, { error: 'not_authenticated', message: 'The webhook signature is not valid.' })

export async function receiveSignedDelivery(req: Request, source: SignedDeliverySource): Promise<Response> {
  try {
    let raw: Buffer
    try {
      raw = (await readBodyBytes(req, MAX_WEBHOOK_BYTES)) ?? Buffer.alloc(0)
    } catch (e) {
      if (e instanceof BodyError) return webhookJson(413, { error: 'too_large', message: e.message })
      throw e
    }
    const h = req.headers
    const early = source.preflight?.(raw, h)
    if (early) return early

    const connection = await source.findConnection(h)
    const signed = source.verify(connection?.secret ?? DUMMY_SECRET, raw, h)
    if (!connection || !signed) return unauthorized()

    const text = raw.toString('utf8')
    try {
      const body = parseJsonText(text)
      if (!body || typeof body !== 'object') throw new BodyError('bad_json', 'The body must be a JSON object.')
    } catch (e) {
      if (e instanceof BodyError) return webhookJson(400, { error: 'invalid', message: e.message })
      throw e
    }
    const topic = (source.topic(h) ?? '').trim().toLowerCase()
    // Providers always send the id; without one, the body's hash makes an identical retry a duplicate.
    const deliveryId =
      source.deliveryId(h)?.trim().slice(0, 255) || `sha256:${createHash('sha256').update(raw).digest('hex')}`
    const handled = source.isHandledTopic(topic)
    const added = await recordDelivery({
      companyId: connection.companyId,
      integrationId: connection.id,
      provider: source.provider,
      deliveryId,
      topic: topic.slice(0, 255) || '(none)',
      body: handled ? text : '',
      ignoredReason: handled ? undefined : `Topic ${topic || '(none)'} is not handled.`,
    })
    return webhookJson(200, { received: true, duplicate: !added, ...(handled ? {} : { ignored: true }) })
  } catch (error) {
    // A database outage: the provider retries a non-2xx, which is what we want; the answer leaks nothing.
    reportError({ error, route: source.route })
    return webhookJson(503, { error: 'unavailable', message: 'Try again later.' })
  }
}
