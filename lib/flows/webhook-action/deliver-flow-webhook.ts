// Flow send-webhook requests: decided as a FlowWebhookDelivery row in the step's transaction
// (queueFlowWebhookOps, unique stepKey "<runId>:<actionId>"), POSTed by the 'flows.webhook' job
// after the commit (deliverFlowWebhook).
//
// Headers a receiver gets (documented in lib/flows/ajax/README.md):
//   X-Flow-Signature:   t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" under the flow's
//                       webhook secret (GET /ajax/flow/{flowId}/webhook/secret)>;
//   X-Flow-Delivery-Id: the stepKey, the same on every retry (a receiver that saw it can ignore it);
//   X-Flow-Id, X-Flow-Action-Id; plus the message's own headers (content-type defaults to JSON).
//
// Exactly once per step: the row is unique per stepKey, so a retried step or a re-executed one
// finds it and adds nothing. Delivery claims the row first ('sending' with a lease), so a
// duplicate job finds it taken; a worker that dies mid-POST leaves the lease to expire and the
// job runs again (at least once on the wire; X-Flow-Delivery-Id makes that safe). 2xx:
// delivered. 5xx, 408, 429, a timeout or a refused connection: retried with backoff (30 s, 1 min,
// 2, 4 … capped at 1 h) up to MAX_FLOW_WEBHOOK_ATTEMPTS. Any other answer, or an address we may
// not call: failed at once. The outcome is also written into the step's FlowStep.detail.webhook.
import { createHmac } from 'node:crypto'
import { exec, inWriteTx, select, selectFirst, type Ops } from '@/lib/db/ops'
import { kysely } from '@/lib/db/kysely'
import { toDate } from '@/lib/db/dialect'
import { queueNow } from '@/lib/jobs/clock'
import { wakeWorkers } from '@/lib/jobs/queue'
import { enqueueJobOps } from '@/lib/messaging/enqueue-job-ops'
import { OutboundError, safeFetch } from '@/lib/net/safe-fetch'
import { deliveryErrorText } from '@/lib/webhooks/endpoint-url'
import type { RenderedWebhook } from './render-webhook'

export const FLOW_WEBHOOK_JOB = 'flows.webhook'
export const MAX_FLOW_WEBHOOK_ATTEMPTS = 8
export const FLOW_WEBHOOK_LEASE_MS = 60_000
const TIMEOUT_MS = 10_000
const RESPONSE_KEEP = 2000

export interface FlowWebhookPayload {
  companyId: number
  deliveryId: number
}

export const flowWebhookBackoffSeconds = (attempt: number) => Math.min(30 * 2 ** Math.max(0, attempt - 1), 3600)

/** The X-Flow-Signature value for a body signed at `timestamp` (Unix seconds). */
export function signFlowWebhook(secret: string, timestamp: number, body: string): string {
  return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`
}

export interface QueueFlowWebhookInput {
  companyId: number
  flowId: string
  actionId: string
  runId: string | null
  profileId: string | null
  stepKey: string
  kind: 'step' | 'test'
  request: RenderedWebhook
}

/** Writes the delivery row and its job (nothing when the stepKey has one already); returns the row id and whether it is new. */
export function* queueFlowWebhookOps(i: QueueFlowWebhookInput, now: Date): Ops<{ id: number; created: boolean }> {
  const db = kysely()
  const inserted = yield* select(
    db.insertInto('FlowWebhookDelivery')
      .values({
        companyId: i.companyId, flowId: i.flowId, actionId: i.actionId, runId: i.runId, profileId: i.profileId, stepKey: i.stepKey, kind: i.kind,
        url: i.request.url, headers: JSON.stringify(i.request.headers), body: i.request.body, status: 'pending', attempts: 0, createdAt: now, updatedAt: now,
      })
      .onConflict((oc) => oc.column('stepKey').doNothing())
      .returning(['id']),
  )
  if (inserted[0]) {
    const id = Number(inserted[0].id)
    const payload: FlowWebhookPayload = { companyId: i.companyId, deliveryId: id }
    yield* enqueueJobOps(FLOW_WEBHOOK_JOB, payload, { companyId: i.companyId, maxAttempts: 10, idempotencyKey: `${FLOW_WEBHOOK_JOB}:${id}:0` }, now)
    return { id, created: true }
  }
  const existing = yield* selectFirst(db.selectFrom('FlowWebhookDelivery').select('id').where('stepKey', '=', i.stepKey))
  return { id: Number(existing!.id), created: false }
}

export type FlowWebhookResult = 'delivered' | 'retrying' | 'failed' | 'not_due'

const retryable = (status: number | null) => status === null || status >= 500 || status === 408 || status === 429

/** The 'flows.webhook' job: one attempt at one delivery. */
export async function deliverFlowWebhook(p: FlowWebhookPayload): Promise<FlowWebhookResult> {
  const db = kysely()
  const now = queueNow()
  const claimed = await inWriteTx(function* () {
    const rows = yield* select(
      db.updateTable('FlowWebhookDelivery')
        .set({ status: 'sending', nextAttemptAt: new Date(now.getTime() + FLOW_WEBHOOK_LEASE_MS), attempts: (eb) => eb('attempts', '+', 1), updatedAt: now })
        .where('companyId', '=', p.companyId).where('id', '=', p.deliveryId)
        .where((eb) => eb.or([
          eb.and([eb('status', 'in', ['pending', 'retrying']), eb.or([eb('nextAttemptAt', 'is', null), eb('nextAttemptAt', '<=', now)])]),
          eb.and([eb('status', '=', 'sending'), eb('nextAttemptAt', '<=', now)]),
        ]))
        .returning(['id', 'flowId', 'actionId', 'runId', 'stepKey', 'url', 'headers', 'body', 'attempts']),
    )
    const d = rows[0]
    if (!d) return null
    const flow = yield* selectFirst(db.selectFrom('Flow').select('webhookSecret').where('companyId', '=', p.companyId).where('id', '=', d.flowId))
    return { d, secret: flow?.webhookSecret ?? null }
  })
  if (!claimed) return 'not_due'
  const { d, secret } = claimed
  const attempts = Number(d.attempts)
  let code: number | null = null
  let responseBody: string | null = null
  let error: string | null = null
  let permanent = false
  if (secret == null) {
    error = 'The flow was deleted.'
    permanent = true
  } else {
    const ts = Math.floor(now.getTime() / 1000)
    try {
      const res = await safeFetch(d.url, {
        purpose: 'webhook',
        httpsOnly: true,
        method: 'POST',
        headers: {
          ...(JSON.parse(d.headers) as Record<string, string>),
          'user-agent': 'MerchantAutomation-Flows/1',
          'x-flow-delivery-id': d.stepKey,
          'x-flow-id': d.flowId,
          'x-flow-action-id': d.actionId,
          'x-flow-signature': signFlowWebhook(secret!, ts, d.body),
        },
        body: d.body,
        timeoutMs: TIMEOUT_MS,
        maxBytes: RESPONSE_KEEP * 4,
        overflow: 'truncate',
      })
      code = res.status
      responseBody = res.text().slice(0, RESPONSE_KEEP)
      if (!res.ok) {
        error = `The endpoint answered HTTP ${res.status}.`
        permanent = !retryable(res.status)
      }
    } catch (e) {
      error = deliveryErrorText(d.url, e)
      // An address we may not call stays refused: retrying cannot change that.
      permanent = e instanceof OutboundError && (e.kind === 'blocked' || e.kind === 'invalid_url')
    }
  }
  const base = { responseCode: code, responseBody, error, updatedAt: queueNow() }
  let status: FlowWebhookResult
  let set: Record<string, unknown>
  let retryAt: Date | null = null
  if (!error) {
    status = 'delivered'
    set = { ...base, status, deliveredAt: queueNow(), nextAttemptAt: null }
  } else if (permanent || attempts >= MAX_FLOW_WEBHOOK_ATTEMPTS) {
    status = 'failed'
    set = { ...base, status, nextAttemptAt: null }
  } else {
    status = 'retrying'
    retryAt = new Date(queueNow().getTime() + flowWebhookBackoffSeconds(attempts) * 1000)
    set = { ...base, status, nextAttemptAt: retryAt }
  }
  await inWriteTx(function* () {
    yield* exec(db.updateTable('FlowWebhookDelivery').set(set).where('companyId', '=', p.companyId).where('id', '=', d.id))
    if (retryAt) {
      yield* enqueueJobOps(FLOW_WEBHOOK_JOB, p, { companyId: p.companyId, runAt: retryAt, maxAttempts: 10, idempotencyKey: `${FLOW_WEBHOOK_JOB}:${d.id}:${attempts}` }, queueNow())
    }
    if (d.runId) yield* recordOnStepOps(p.companyId, d.runId, d.actionId, { status, attempts, responseCode: code, error })
  })
  if (retryAt) wakeWorkers(FLOW_WEBHOOK_JOB)
  return status
}

/** Keeps the delivery's outcome in the step's detail (the run history and the evaluations report show it). */
function* recordOnStepOps(companyId: number, runId: string, actionId: string, webhook: Record<string, unknown>): Ops<void> {
  const db = kysely()
  const step = yield* selectFirst(db.selectFrom('FlowStep').select(['id', 'detail']).where('runId', '=', runId).where('actionId', '=', actionId).where('companyId', '=', companyId))
  if (!step) return
  let detail: Record<string, unknown> = {}
  try {
    const parsed = step.detail ? JSON.parse(step.detail) : {}
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) detail = parsed
  } catch {
    // An unreadable detail is replaced.
  }
  yield* exec(db.updateTable('FlowStep').set({ detail: JSON.stringify({ ...detail, webhook }) }).where('id', '=', step.id))
}

export interface FlowWebhookDeliveryView {
  id: number
  kind: string
  status: string
  attempts: number
  url: string
  responseCode: number | null
  responseBody: string | null
  error: string | null
  createdAt: string
  deliveredAt: string | null
  nextAttemptAt: string | null
}

/** The newest delivery of an action of the given kind (the builder's "last test" status). */
export function* lastFlowWebhookDeliveryOps(companyId: number, actionId: string, kind: 'step' | 'test'): Ops<FlowWebhookDeliveryView | null> {
  const r = yield* selectFirst(
    kysely().selectFrom('FlowWebhookDelivery')
      .select(['id', 'kind', 'status', 'attempts', 'url', 'responseCode', 'responseBody', 'error', 'createdAt', 'deliveredAt', 'nextAttemptAt'])
      .where('companyId', '=', companyId).where('actionId', '=', actionId).where('kind', '=', kind)
      .orderBy('id', 'desc').limit(1),
  )
  if (!r) return null
  return {
    id: Number(r.id), kind: r.kind, status: r.status, attempts: Number(r.attempts), url: r.url,
    responseCode: r.responseCode == null ? null : Number(r.responseCode), responseBody: r.responseBody, error: r.error,
    createdAt: toDate(r.createdAt)!.toISOString(), deliveredAt: toDate(r.deliveredAt)?.toISOString() ?? null,
    nextAttemptAt: toDate(r.nextAttemptAt)?.toISOString() ?? null,
  }
}
