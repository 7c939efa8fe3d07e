// The one state machine that delivers an outbound webhook row: the account webhooks
// (deliver-webhook.ts, WebhookDelivery) and the flow send-webhook action
// (lib/flows/webhook-action/deliver-flow-webhook.ts, FlowWebhookDelivery) each describe what
// differs as a DeliveryKind and run their job through runDelivery.
//
//   pending ──claim──▶ sending ──2xx──▶ delivered
//   retrying ─(due)─┘     │ └─failure, attempts < max, retryable──▶ retrying (nextAttemptAt = now + backoff, a job at that time)
//                         └─failure, permanent or attempts = max──▶ failed
//   (a kind may also end a claimed row as 'skipped' without calling, e.g. a disabled webhook)
//
// Exactly once per row: the claim is one UPDATE … WHERE status is due, so of two jobs for the
// same row only one gets it, and a row that is delivered, failed or skipped is never claimed
// again. The claim leases the row ('sending', nextAttemptAt = now + LEASE_MS): a worker that
// dies mid-POST leaves the lease to expire and the queue's retry of the job sends it again
// (at least once on the wire; each kind's delivery id header lets a receiver drop the repeat).
// No network I/O inside a transaction: claim, then call, then record.
import { exec, inWriteTx, select, type Ops } from '@/lib/db/ops'
import { kysely } from '@/lib/db/kysely'
import { queueNow } from '@/lib/jobs/clock'
import { PermanentJobError, wakeWorkers } from '@/lib/jobs/queue'
import { enqueueJobOps } from '@/lib/jobs/enqueue-job-ops'
import { OutboundError, safeFetch } from '@/lib/net/safe-fetch'
import { deliveryErrorText } from './endpoint-url'

const DELIVERY_LEASE_MS = 60_000

export type DeliveryTable = 'WebhookDelivery' | 'FlowWebhookDelivery'

/** A delivery job's payload (both kinds). */
export interface DeliveryJobPayload {
  companyId: number
  deliveryId: number
}

export interface DeliveryRequest {
  url: string
  headers: Record<string, string>
  body: string
}

/** What a kind makes of a claimed row: a request to send, a failure before any call, or a skip. */
export type PreparedDelivery = { request: DeliveryRequest } | { error: string; permanent: boolean } | { skip: string }

export type DeliveryOutcome = 'delivered' | 'retrying' | 'failed' | 'skipped' | 'not_due'

export interface RecordedAttempt {
  status: Exclude<DeliveryOutcome, 'not_due'>
  attempts: number
  responseCode: number | null
  error: string | null
}

export interface DeliveryKind<Row> {
  table: DeliveryTable
  job: string
  maxAttempts: number
  /** Seconds to wait after the given (1-based) failed attempt. */
  backoffSeconds: (attempt: number) => number
  timeoutMs: number
  /** The most of an answer that is read (the rest is cut off). */
  answerBytes: number
  /** Keep this many characters of the answer in responseBody (the table has that column). */
  keepAnswerChars?: number
  /**
   * 'any_failure': every non-2xx answer and every failed call is retried until maxAttempts.
   * 'transient': only 5xx, 408, 429 and calls that got no answer; any other answer, and an
   * address we may not call, fail at once.
   */
  retryOn: 'any_failure' | 'transient'
  /** In the claim's transaction (no I/O but queries): the request for the claimed row. */
  prepareOps: (companyId: number, row: Row, now: Date) => Ops<PreparedDelivery>
  /** In the transaction that records the attempt: anything else the kind keeps of it. */
  recordOps?: (companyId: number, row: Row, attempt: RecordedAttempt) => Ops<void>
}

/** A delivery job's payload, refused for good when malformed or of another company than the job. */
export function deliveryPayloadOf(
  job: string,
  payload: unknown,
  ctx: { companyId: number | null },
): DeliveryJobPayload {
  const p = (payload ?? {}) as Partial<DeliveryJobPayload>
  if (typeof p.companyId !== 'number' || typeof p.deliveryId !== 'number')
    throw new PermanentJobError(`Bad ${job} payload`)
  if (ctx.companyId !== null && ctx.companyId !== p.companyId)
    throw new PermanentJobError('Job company does not match its payload')
  return { companyId: p.companyId, deliveryId: p.deliveryId }
}

/** The job that makes attempt `attempt + 1` of a row, written in the caller's transaction. */
export function* deliveryJobOps(
  job: string,
  p: DeliveryJobPayload,
  attempt: number,
  now: Date,
  runAt?: Date,
): Ops<void> {
  yield* enqueueJobOps(
    job,
    p,
    { companyId: p.companyId, runAt, maxAttempts: 10, idempotencyKey: `${job}:${p.deliveryId}:${attempt}` },
    now,
  )
}

/** How an attempt ended, before the attempt count is weighed. */
type AttemptResult =
  | { ok: true; responseCode: number; responseBody: string | null }
  | { ok: false; responseCode: number | null; responseBody: string | null; error: string; permanent: boolean }

const transientStatus = (status: number) => status >= 500 || status === 408 || status === 429

/** An OutboundError that no retry can change: the address is refused or not a URL. */
const refusedAddress = (e: unknown) => e instanceof OutboundError && (e.kind === 'blocked' || e.kind === 'invalid_url')

/** One call of the endpoint under the outbound policy, classified for the kind. */
async function callEndpoint(
  kind: Pick<DeliveryKind<unknown>, 'timeoutMs' | 'answerBytes' | 'keepAnswerChars' | 'retryOn'>,
  req: DeliveryRequest,
): Promise<AttemptResult> {
  try {
    const res = await safeFetch(req.url, {
      purpose: 'webhook',
      httpsOnly: true,
      method: 'POST',
      headers: req.headers,
      body: req.body,
      timeoutMs: kind.timeoutMs,
      maxBytes: kind.answerBytes,
      overflow: 'truncate',
    })
    const responseBody = kind.keepAnswerChars ? res.text().slice(0, kind.keepAnswerChars) : null
    if (res.ok) return { ok: true, responseCode: res.status, responseBody }
    const permanent = kind.retryOn === 'transient' && !transientStatus(res.status)
    return {
      ok: false,
      responseCode: res.status,
      responseBody,
      error: `The endpoint answered HTTP ${res.status}.`,
      permanent,
    }
  } catch (e) {
    const permanent = kind.retryOn === 'transient' && refusedAddress(e)
    return { ok: false, responseCode: null, responseBody: null, error: deliveryErrorText(req.url, e), permanent }
  }
}

// The shared columns of both tables; the kinds' own columns are typed by their Row.
const table = (name: DeliveryTable) => name as 'WebhookDelivery'

/** Claims a due row: pending or retrying and due, or 'sending' with its lease run out. */
function* claimOps<Row>(
  kind: DeliveryKind<Row>,
  p: DeliveryJobPayload,
  now: Date,
): Ops<{ row: Row; attempts: number; prepared: PreparedDelivery } | null> {
  const db = kysely()
  const rows = yield* select(
    db
      .updateTable(table(kind.table))
      .set({
        status: 'sending',
        nextAttemptAt: new Date(now.getTime() + DELIVERY_LEASE_MS),
        attempts: (eb) => eb('attempts', '+', 1),
        updatedAt: now,
      })
      .where('companyId', '=', p.companyId)
      .where('id', '=', p.deliveryId)
      .where((eb) =>
        eb.or([
          eb.and([
            eb('status', 'in', ['pending', 'retrying']),
            eb.or([eb('nextAttemptAt', 'is', null), eb('nextAttemptAt', '<=', now)]),
          ]),
          eb.and([eb('status', '=', 'sending'), eb('nextAttemptAt', '<=', now)]),
        ]),
      )
      .returningAll(),
  )
  const claimed = rows[0]
  if (!claimed) return null
  const row = claimed as unknown as Row
  return { row, attempts: Number(claimed.attempts), prepared: yield* kind.prepareOps(p.companyId, row, now) }
}

/** One attempt at one delivery row (the kind's job handler calls it). */
export async function runDelivery<Row>(kind: DeliveryKind<Row>, p: DeliveryJobPayload): Promise<DeliveryOutcome> {
  const claimed = await inWriteTx(() => claimOps(kind, p, queueNow()))
  if (!claimed) return 'not_due'
  const { row, attempts, prepared } = claimed
  const db = kysely()
  const update = (set: Record<string, unknown>) =>
    exec(
      db
        .updateTable(table(kind.table))
        .set({ ...set, updatedAt: queueNow() })
        .where('companyId', '=', p.companyId)
        .where('id', '=', p.deliveryId),
    )

  if ('skip' in prepared) {
    await inWriteTx(function* () {
      yield* update({ status: 'skipped', error: prepared.skip, nextAttemptAt: null })
      if (kind.recordOps)
        yield* kind.recordOps(p.companyId, row, {
          status: 'skipped',
          attempts,
          responseCode: null,
          error: prepared.skip,
        })
    })
    return 'skipped'
  }
  const result: AttemptResult =
    'request' in prepared
      ? await callEndpoint(kind, prepared.request)
      : { ok: false, responseCode: null, responseBody: null, error: prepared.error, permanent: prepared.permanent }

  const answer: Record<string, unknown> = { responseCode: result.responseCode, error: result.ok ? null : result.error }
  if (kind.keepAnswerChars) answer.responseBody = result.responseBody
  let status: RecordedAttempt['status']
  let retryAt: Date | null = null
  if (result.ok) {
    status = 'delivered'
    Object.assign(answer, { deliveredAt: queueNow(), nextAttemptAt: null })
  } else if (result.permanent || attempts >= kind.maxAttempts) {
    status = 'failed'
    answer.nextAttemptAt = null
  } else {
    status = 'retrying'
    retryAt = new Date(queueNow().getTime() + kind.backoffSeconds(attempts) * 1000)
    answer.nextAttemptAt = retryAt
  }
  await inWriteTx(function* () {
    yield* update({ ...answer, status })
    if (retryAt) yield* deliveryJobOps(kind.job, p, attempts, queueNow(), retryAt)
    if (kind.recordOps)
      yield* kind.recordOps(p.companyId, row, {
        status,
        attempts,
        responseCode: result.responseCode,
        error: result.ok ? null : result.error,
      })
  })
  if (retryAt) wakeWorkers(kind.job)
  return status
}
