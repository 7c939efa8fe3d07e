// Delivering one WebhookDelivery (the 'webhooks.deliver' job): a signed JSON POST.
//
// Headers (the receiver checks them; see README "Outbound webhooks"):
//   X-Webhook-Id:        the delivery's stable id "<webhookId>:event:<eventId>", the same on every
//                        retry, so a receiver that saw it already can ignore the repeat;
//   X-Webhook-Topic:     e.g. event:klaviyo.received_email;
//   X-Webhook-Timestamp: Unix seconds when this attempt was signed;
//   X-Webhook-Signature: v1=<hex HMAC-SHA256 of "<timestamp>.<raw body>" under the secret key>.
// Binding the timestamp into the signature lets a receiver refuse replays older than a few
// minutes.
//
// Once per (webhook, event): the row is unique; an attempt first claims it ('sending' with a
// 60 s lease in nextAttemptAt), so a duplicate job finds it taken. A 2xx marks it delivered.
// Anything else (non-2xx, timeout, refused connection) is retried with backoff (1 min, 2, 4, 8,
// 16 … capped at 1 h) by a new job at that time, up to MAX_WEBHOOK_ATTEMPTS, then 'failed'.
// A worker that dies mid-POST leaves the lease to expire and the queue runs the job again:
// at least once on the wire, which X-Webhook-Id makes safe for the receiver.
import { createHmac } from 'node:crypto'
import { exec, inWriteTx, read, select, selectFirst } from '@/lib/db/ops'
import { kysely } from '@/lib/db/kysely'
import { queueNow } from '@/lib/jobs/clock'
import { wakeWorkers } from '@/lib/jobs/queue'
import { toBool, toDate } from '@/lib/db/dialect'
import { enqueueJobOps } from '@/lib/messaging/enqueue-job-ops'
import { openSecret } from '@/lib/crypto/secret-box'
import { SECRET_PURPOSE } from './webhook-store'
import { safeFetch } from '@/lib/net/safe-fetch'
import { deliveryErrorText } from './endpoint-url'
import { WEBHOOK_DELIVER_JOB, type WebhookDeliverPayload } from './enqueue-webhook-deliveries'

export const MAX_WEBHOOK_ATTEMPTS = 8
export const WEBHOOK_LEASE_MS = 60_000
const TIMEOUT_MS = 10_000
// Only the status matters; a receiver's long answer is cut off, not read to the end.
const ANSWER_BYTES = 64 * 1024

export const webhookBackoffSeconds = (attempt: number) => Math.min(60 * 2 ** Math.max(0, attempt - 1), 3600)

export function signWebhookBody(secret: string, timestamp: number, body: string): string {
  return 'v1=' + createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')
}

export type DeliverResult = 'delivered' | 'retrying' | 'failed' | 'skipped' | 'not_due'

export async function deliverWebhook(p: WebhookDeliverPayload): Promise<DeliverResult> {
  const db = kysely()
  const now = queueNow()
  // Claim: due pending/retrying rows, or a 'sending' row whose worker vanished.
  const claimed = await inWriteTx(function* () {
    const rows = yield* select(
      db.updateTable('WebhookDelivery')
        .set({ status: 'sending', nextAttemptAt: new Date(now.getTime() + WEBHOOK_LEASE_MS), attempts: (eb) => eb('attempts', '+', 1), updatedAt: now })
        .where('companyId', '=', p.companyId).where('id', '=', p.deliveryId)
        .where((eb) => eb.or([
          eb.and([eb('status', 'in', ['pending', 'retrying']), eb.or([eb('nextAttemptAt', 'is', null), eb('nextAttemptAt', '<=', now)])]),
          eb.and([eb('status', '=', 'sending'), eb('nextAttemptAt', '<=', now)]),
        ]))
        .returning(['id', 'webhookId', 'eventKey', 'topic', 'payload', 'attempts']),
    )
    const d = rows[0]
    if (!d) return null
    const hook = yield* selectFirst(
      db.selectFrom('Webhook').select(['endpointUrl', 'secretSealed', 'enabled']).where('companyId', '=', p.companyId).where('id', '=', d.webhookId),
    )
    return { d, hook }
  })
  if (!claimed) return 'not_due'
  const { d, hook } = claimed
  const attempts = Number(d.attempts)
  const finish = (set: Record<string, unknown>) =>
    inWriteTx(() => exec(db.updateTable('WebhookDelivery').set({ ...set, updatedAt: queueNow() }).where('companyId', '=', p.companyId).where('id', '=', d.id)))

  if (!hook || !toBool(hook.enabled)) {
    await finish({ status: 'skipped', error: hook ? 'The webhook is disabled.' : 'The webhook was deleted.', nextAttemptAt: null })
    return 'skipped'
  }
  const secret = openSecret(hook.secretSealed, SECRET_PURPOSE)
  let code: number | null = null
  let error: string | null = null
  if (!secret) error = 'The secret key cannot be read (was SECRETS_KEY changed?).'
  else {
    const ts = Math.floor(now.getTime() / 1000)
    try {
      const res = await safeFetch(hook.endpointUrl, {
        purpose: 'webhook',
        httpsOnly: true,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'MerchantAutomation-Webhooks/1',
          'x-webhook-id': `${d.webhookId}:${d.eventKey}`,
          'x-webhook-topic': d.topic,
          'x-webhook-timestamp': String(ts),
          'x-webhook-signature': signWebhookBody(secret!, ts, d.payload),
        },
        body: d.payload,
        timeoutMs: TIMEOUT_MS,
        maxBytes: ANSWER_BYTES,
        overflow: 'truncate',
      })
      code = res.status
      if (!res.ok) error = `The endpoint answered HTTP ${res.status}.`
    } catch (e) {
      error = deliveryErrorText(hook.endpointUrl, e)
    }
  }
  if (!error) {
    await finish({ status: 'delivered', responseCode: code, error: null, deliveredAt: queueNow(), nextAttemptAt: null })
    return 'delivered'
  }
  if (attempts >= MAX_WEBHOOK_ATTEMPTS) {
    await finish({ status: 'failed', responseCode: code, error, nextAttemptAt: null })
    return 'failed'
  }
  const at = new Date(queueNow().getTime() + webhookBackoffSeconds(attempts) * 1000)
  await inWriteTx(function* () {
    yield* exec(db.updateTable('WebhookDelivery').set({ status: 'retrying', responseCode: code, error, nextAttemptAt: at, updatedAt: queueNow() })
      .where('companyId', '=', p.companyId).where('id', '=', d.id))
    yield* enqueueJobOps(WEBHOOK_DELIVER_JOB, p, { companyId: p.companyId, runAt: at, maxAttempts: 10, idempotencyKey: `${WEBHOOK_DELIVER_JOB}:${d.id}:${attempts}` }, queueNow())
  })
  wakeWorkers(WEBHOOK_DELIVER_JOB)
  return 'retrying'
}

/** The delivery log of one webhook, newest first (the /cdp/webhooks screen). */
export async function listWebhookDeliveries(companyId: number, webhookId: string, limit = 50) {
  const rows = await read(select(
    kysely().selectFrom('WebhookDelivery')
      .select(['id', 'topic', 'eventId', 'status', 'attempts', 'responseCode', 'error', 'nextAttemptAt', 'deliveredAt', 'createdAt', 'updatedAt'])
      .where('companyId', '=', companyId).where('webhookId', '=', webhookId).orderBy('id', 'desc').limit(limit),
  ))
  return rows.map((r) => ({
    id: Number(r.id), topic: r.topic, eventId: r.eventId == null ? null : Number(r.eventId), status: r.status, attempts: Number(r.attempts),
    responseCode: r.responseCode == null ? null : Number(r.responseCode), error: r.error,
    nextAttemptAt: toDate(r.nextAttemptAt)?.toISOString() ?? null, deliveredAt: toDate(r.deliveredAt)?.toISOString() ?? null,
    createdAt: toDate(r.createdAt)!.toISOString(),
  }))
}
