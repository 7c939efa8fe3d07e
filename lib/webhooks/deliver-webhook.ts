// Delivering one WebhookDelivery (the 'webhooks.deliver' job): a signed JSON POST.
//
// Headers (the receiver checks them; see docs/architecture.md, "Outbound webhooks"):
//   X-Webhook-Id:        the delivery's stable id "<webhookId>:event:<eventId>", the same on every
//                        retry, so a receiver that saw it already can ignore the repeat;
//   X-Webhook-Topic:     e.g. event:klaviyo.received_email;
//   X-Webhook-Timestamp: Unix seconds when this attempt was signed;
//   X-Webhook-Signature: v1=<hex HMAC-SHA256 of "<timestamp>.<raw body>" under the secret key>.
// Binding the timestamp into the signature lets a receiver refuse replays older than a few
// minutes.
//
// Once per (webhook, event): the row is unique, and the shared delivery machine
// (delivery-machine.ts) claims it before each attempt, so a duplicate job finds it taken. A 2xx
// marks it delivered. Anything else (any non-2xx, a timeout, a refused connection, an address
// refused at delivery time) is retried with backoff (1 min, 2, 4, 8, 16 … capped at 1 h) up to
// MAX_WEBHOOK_ATTEMPTS, then 'failed'. A disabled or deleted webhook ends the row 'skipped'.
import { createHmac } from 'node:crypto'
import { read, select, selectFirst, type Ops } from '@/lib/db/ops'
import { kysely } from '@/lib/db/kysely'
import { toBool, toDate } from '@/lib/db/dialect'
import { openSecret } from '@/lib/crypto/secret-box'
import { SECRET_PURPOSE } from './webhook-store'
import { runDelivery, type DeliveryKind, type DeliveryOutcome, type PreparedDelivery } from './delivery-machine'
import { WEBHOOK_DELIVER_JOB, type WebhookDeliverPayload } from './enqueue-webhook-deliveries'

const MAX_WEBHOOK_ATTEMPTS = 8
// Only the status matters; a receiver's long answer is cut off, not read to the end.
const ANSWER_BYTES = 64 * 1024

export const webhookBackoffSeconds = (attempt: number) => Math.min(60 * 2 ** Math.max(0, attempt - 1), 3600)

export function signWebhookBody(secret: string, timestamp: number, body: string): string {
  return 'v1=' + createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')
}

interface WebhookDeliveryRow {
  webhookId: string
  eventKey: string
  topic: string
  payload: string
}

function* prepareOps(companyId: number, d: WebhookDeliveryRow, now: Date): Ops<PreparedDelivery> {
  const hook = yield* selectFirst(
    kysely()
      .selectFrom('Webhook')
      .select(['endpointUrl', 'secretSealed', 'enabled'])
      .where('companyId', '=', companyId)
      .where('id', '=', d.webhookId),
  )
  if (!hook || !toBool(hook.enabled)) return { skip: hook ? 'The webhook is disabled.' : 'The webhook was deleted.' }
  const secret = openSecret(hook.secretSealed, SECRET_PURPOSE)
  if (!secret) return { error: 'The secret key cannot be read (was SECRETS_KEY changed?).', permanent: false }
  const ts = Math.floor(now.getTime() / 1000)
  return {
    request: {
      url: hook.endpointUrl,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'MerchantAutomation-Webhooks/1',
        'x-webhook-id': `${d.webhookId}:${d.eventKey}`,
        'x-webhook-topic': d.topic,
        'x-webhook-timestamp': String(ts),
        'x-webhook-signature': signWebhookBody(secret, ts, d.payload),
      },
      body: d.payload,
    },
  }
}

const accountWebhooks: DeliveryKind<WebhookDeliveryRow> = {
  table: 'WebhookDelivery',
  job: WEBHOOK_DELIVER_JOB,
  maxAttempts: MAX_WEBHOOK_ATTEMPTS,
  backoffSeconds: webhookBackoffSeconds,
  timeoutMs: 10_000,
  answerBytes: ANSWER_BYTES,
  retryOn: 'any_failure',
  prepareOps,
}

export const deliverWebhook = (p: WebhookDeliverPayload): Promise<DeliveryOutcome> => runDelivery(accountWebhooks, p)

/** The delivery log of one webhook, newest first (the /cdp/webhooks screen). */
export async function listWebhookDeliveries(companyId: number, webhookId: string, limit = 50) {
  const rows = await read(
    select(
      kysely()
        .selectFrom('WebhookDelivery')
        .select([
          'id',
          'topic',
          'eventId',
          'status',
          'attempts',
          'responseCode',
          'error',
          'nextAttemptAt',
          'deliveredAt',
          'createdAt',
          'updatedAt',
        ])
        .where('companyId', '=', companyId)
        .where('webhookId', '=', webhookId)
        .orderBy('id', 'desc')
        .limit(limit),
    ),
  )
  return rows.map((r) => ({
    id: Number(r.id),
    topic: r.topic,
    eventId: r.eventId == null ? null : Number(r.eventId),
    status: r.status,
    attempts: Number(r.attempts),
    responseCode: r.responseCode == null ? null : Number(r.responseCode),
    error: r.error,
    nextAttemptAt: toDate(r.nextAttemptAt)?.toISOString() ?? null,
    deliveredAt: toDate(r.deliveredAt)?.toISOString() ?? null,
    createdAt: toDate(r.createdAt)!.toISOString(),
  }))
}
