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
// finds it and adds nothing. Each attempt is one run of the shared delivery machine
// (lib/webhooks/delivery-machine.ts: claim with a lease, call, record), which sends a row at
// least once on the wire (X-Flow-Delivery-Id makes a repeat safe). 2xx: delivered. 5xx, 408,
// 429, a timeout or a refused connection: retried with backoff (30 s, 1 min, 2, 4 … capped at
// 1 h) up to MAX_FLOW_WEBHOOK_ATTEMPTS. Any other answer, or an address we may not call: failed
// at once. The outcome is also written into the step's FlowStep.detail.webhook.
import { createHmac } from 'node:crypto'
import { exec, select, selectFirst, type Ops } from '@/lib/db/ops'
import { kysely } from '@/lib/db/kysely'
import { toDate } from '@/lib/db/dialect'
import {
  deliveryJobOps,
  runDelivery,
  type DeliveryJobPayload,
  type DeliveryKind,
  type DeliveryOutcome,
  type PreparedDelivery,
} from '@/lib/webhooks/delivery-machine'
import type { RenderedWebhook } from './render-webhook'

export const FLOW_WEBHOOK_JOB = 'flows.webhook'
const MAX_FLOW_WEBHOOK_ATTEMPTS = 8
// The builder shows this much of a test's answer.
const RESPONSE_KEEP = 2000

export type FlowWebhookPayload = DeliveryJobPayload

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
    db
      .insertInto('FlowWebhookDelivery')
      .values({
        companyId: i.companyId,
        flowId: i.flowId,
        actionId: i.actionId,
        runId: i.runId,
        profileId: i.profileId,
        stepKey: i.stepKey,
        kind: i.kind,
        url: i.request.url,
        headers: JSON.stringify(i.request.headers),
        body: i.request.body,
        status: 'pending',
        attempts: 0,
        createdAt: now,
        updatedAt: now,
      })
      .onConflict((oc) => oc.column('stepKey').doNothing())
      .returning(['id']),
  )
  if (inserted[0]) {
    const id = Number(inserted[0].id)
    yield* deliveryJobOps(FLOW_WEBHOOK_JOB, { companyId: i.companyId, deliveryId: id }, 0, now)
    return { id, created: true }
  }
  const existing = yield* selectFirst(
    db.selectFrom('FlowWebhookDelivery').select('id').where('stepKey', '=', i.stepKey),
  )
  return { id: Number(existing!.id), created: false }
}

interface FlowWebhookDeliveryRow {
  flowId: string
  actionId: string
  runId: string | null
  stepKey: string
  url: string
  headers: string
  body: string
}

function* prepareOps(companyId: number, d: FlowWebhookDeliveryRow, now: Date): Ops<PreparedDelivery> {
  const flow = yield* selectFirst(
    kysely().selectFrom('Flow').select('webhookSecret').where('companyId', '=', companyId).where('id', '=', d.flowId),
  )
  if (flow?.webhookSecret == null) return { error: 'The flow was deleted.', permanent: true }
  let own: Record<string, string>
  try {
    own = JSON.parse(d.headers) as Record<string, string>
  } catch {
    // Unreadable stored headers count as a failed request, retried like one.
    return { error: 'Request failed.', permanent: false }
  }
  const ts = Math.floor(now.getTime() / 1000)
  return {
    request: {
      url: d.url,
      headers: {
        ...own,
        'user-agent': 'MerchantAutomation-Flows/1',
        'x-flow-delivery-id': d.stepKey,
        'x-flow-id': d.flowId,
        'x-flow-action-id': d.actionId,
        'x-flow-signature': signFlowWebhook(flow.webhookSecret, ts, d.body),
      },
      body: d.body,
    },
  }
}

const flowWebhooks: DeliveryKind<FlowWebhookDeliveryRow> = {
  table: 'FlowWebhookDelivery',
  job: FLOW_WEBHOOK_JOB,
  maxAttempts: MAX_FLOW_WEBHOOK_ATTEMPTS,
  backoffSeconds: flowWebhookBackoffSeconds,
  timeoutMs: 10_000,
  answerBytes: RESPONSE_KEEP * 4,
  keepAnswerChars: RESPONSE_KEEP,
  retryOn: 'transient',
  prepareOps,
  recordOps: (companyId, d, attempt) => recordOnStepOps(companyId, d.runId, d.actionId, { ...attempt }),
}

/** The 'flows.webhook' job: one attempt at one delivery. */
export const deliverFlowWebhook = (p: FlowWebhookPayload): Promise<DeliveryOutcome> => runDelivery(flowWebhooks, p)

/** Keeps the delivery's outcome in the step's detail (the run history and the evaluations report show it). */
function* recordOnStepOps(
  companyId: number,
  runId: string | null,
  actionId: string,
  webhook: Record<string, unknown>,
): Ops<void> {
  if (!runId) return // a builder test belongs to no run
  const db = kysely()
  const step = yield* selectFirst(
    db
      .selectFrom('FlowStep')
      .select(['id', 'detail'])
      .where('runId', '=', runId)
      .where('actionId', '=', actionId)
      .where('companyId', '=', companyId),
  )
  if (!step) return
  let detail: Record<string, unknown> = {}
  try {
    const parsed = step.detail ? JSON.parse(step.detail) : {}
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) detail = parsed
  } catch {
    // An unreadable detail is replaced.
  }
  yield* exec(
    db
      .updateTable('FlowStep')
      .set({ detail: JSON.stringify({ ...detail, webhook }) })
      .where('id', '=', step.id),
  )
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
export function* lastFlowWebhookDeliveryOps(
  companyId: number,
  actionId: string,
  kind: 'step' | 'test',
): Ops<FlowWebhookDeliveryView | null> {
  const r = yield* selectFirst(
    kysely()
      .selectFrom('FlowWebhookDelivery')
      .select([
        'id',
        'kind',
        'status',
        'attempts',
        'url',
        'responseCode',
        'responseBody',
        'error',
        'createdAt',
        'deliveredAt',
        'nextAttemptAt',
      ])
      .where('companyId', '=', companyId)
      .where('actionId', '=', actionId)
      .where('kind', '=', kind)
      .orderBy('id', 'desc')
      .limit(1),
  )
  if (!r) return null
  return {
    id: Number(r.id),
    kind: r.kind,
    status: r.status,
    attempts: Number(r.attempts),
    url: r.url,
    responseCode: r.responseCode == null ? null : Number(r.responseCode),
    responseBody: r.responseBody,
    error: r.error,
    createdAt: toDate(r.createdAt)!.toISOString(),
    deliveredAt: toDate(r.deliveredAt)?.toISOString() ?? null,
    nextAttemptAt: toDate(r.nextAttemptAt)?.toISOString() ?? null,
  }
}
