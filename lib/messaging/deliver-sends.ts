// The delivery worker: a 'messaging.deliver' job drains the due Sends of one source (or of the
// sources its payload names: a batch of flow steps), a page at a time (keyset pages in id
// order, index (companyId, sourceType, sourceId, id): only one page is in memory and each page
// query starts where the last ended, whatever the audience size).
//
// Exactly once. claimSendsOps commits queued → 'sending' (with this worker's lease) BEFORE the
// provider is called, and recordOutcomeOps commits the result after. A worker killed between
// the two leaves rows in 'sending'; once their lease expires they become 'unknown' (the
// provider may have accepted the message: kept for inspection, never re-sent blindly). A job
// that finds rows of its source still 'sending' under a live lease fails with a retry, so it
// comes back (with the queue's backoff) to settle them once the lease has expired.
// Mail kept in the local outbox is written in the same transaction as its record, so it is
// exactly once by construction.
//
// Speed. Claimed messages are handed to their providers DELIVERY_CONCURRENCY at a time (a
// pooled SMTP transport keeps several connections busy) from a queue that the next page's claim
// refills before it runs dry, and outcomes are recorded a page at a time in one write
// transaction (one commit per page instead of one per message). Should that transaction fail,
// each outcome is recorded in a transaction of its own, so one bad row never costs the others
// their record. The database and the providers work at the same time.
import { sql } from 'kysely'
import { exec, inWriteTx, read, selectFirst } from '@/lib/db/ops'
import { kysely } from '@/lib/db/kysely'
import { queueNow } from '@/lib/jobs/clock'
import { defaultWorkerId } from '@/lib/jobs/run-jobs'
import { claimSendsOps, type ClaimedPage, type ClaimedSend } from './claim-sends'
import { deliverSources, LaterDeliveries, type DeliverPayload } from './create-sends'
import { CHANNEL_DELIVERY } from './channels'
import { recordOutcomeOps, recordSentOps, type DeliveryOutcome } from './record-outcome'

/** How long a claimed page may stay in 'sending' before its rows count as 'unknown'. */
export const SEND_LEASE_MS = 120_000
export const PAGE_SIZE = 100
/** Messages of a page in the hands of providers at once. */
export const DELIVERY_CONCURRENCY = 16

export interface DeliverOptions {
  workerId?: string
  pageSize?: number
  leaseMs?: number
  concurrency?: number
}

/** Rows whose worker vanished while they were 'sending' become 'unknown' (all companies: housekeeping). */
export async function expireSendLeases(now: Date = queueNow()): Promise<number> {
  return inWriteTx(function* () {
    return yield* exec(
      kysely()
        .updateTable('Send')
        .where('status', '=', 'sending')
        .where('leaseUntil', '<', now)
        .set({ status: 'unknown', reason: 'lease_expired', updatedAt: now, finishedAt: now }),
    )
  })
}

/** Renders and hands one claimed Send to its channel's provider (channels/); never throws. */
export async function deliverClaimed(s: ClaimedSend, now: Date = queueNow()): Promise<DeliveryOutcome> {
  try {
    return await CHANNEL_DELIVERY[s.channel](s, now)
  } catch (e) {
    return { kind: 'unknown', error: e instanceof Error ? e.message : String(e) }
  }
}

/** Claims the next page of the source (after the keyset cursor `after`, when given). */
export function claimPage(p: DeliverPayload, o: DeliverOptions & { after?: string } = {}): Promise<ClaimedPage> {
  const opts = {
    workerId: o.workerId ?? defaultWorkerId(),
    now: queueNow(),
    leaseMs: o.leaseMs ?? SEND_LEASE_MS,
    limit: o.pageSize ?? PAGE_SIZE,
    after: o.after,
  }
  return inWriteTx(() => claimSendsOps(p, opts))
}

/** The Sends of the first page that went to 'sending' (tests: a worker that claims and then dies). */
export const claimSendsPage = async (p: DeliverPayload, o: DeliverOptions = {}): Promise<ClaimedSend[]> =>
  (await claimPage(p, o)).sending

/** Records a page's outcomes in one transaction (falling back to one transaction each); returns how many were recorded. */
export async function recordOutcomes(
  outcomes: Array<[ClaimedSend, DeliveryOutcome]>,
  workerId: string = defaultWorkerId(),
): Promise<number> {
  const now = queueNow()
  try {
    return await inWriteTx(function* () {
      // The sent ones together (recordSentOps), the others one at a time.
      const sent = outcomes.filter(
        (x): x is [ClaimedSend, Extract<DeliveryOutcome, { kind: 'sent' }>] => x[1].kind === 'sent',
      )
      let n = yield* recordSentOps(sent, workerId, now)
      const retries = new LaterDeliveries()
      for (const [s, o] of outcomes)
        if (o.kind !== 'sent' && (yield* recordOutcomeOps(s, o, workerId, now, retries))) n++
      yield* retries.enqueueOps(now)
      return n
    })
  } catch (e) {
    console.warn(
      `[messaging] recording ${outcomes.length} outcomes together failed (${e instanceof Error ? e.message : String(e)}); recording them one by one`,
    )
    let n = 0
    for (const [s, o] of outcomes) {
      try {
        if (await inWriteTx(() => recordOutcomeOps(s, o, workerId, now))) n++
      } catch (err) {
        // Left in 'sending': the row becomes 'unknown' when its lease expires, never re-sent.
        console.error(`[messaging] could not record the outcome of send ${s.id}:`, err)
      }
    }
    return n
  }
}

/** Hands every Send of the page to its provider, `concurrency` at a time; the outcomes in page order. */
export async function deliverPage(
  sends: ClaimedSend[],
  concurrency: number = DELIVERY_CONCURRENCY,
): Promise<Array<[ClaimedSend, DeliveryOutcome]>> {
  const out = new Array<[ClaimedSend, DeliveryOutcome]>(sends.length)
  let next = 0
  const lane = async () => {
    while (next < sends.length) {
      const i = next++
      out[i] = [sends[i]!, await deliverClaimed(sends[i]!)]
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, sends.length)) }, lane))
  return out
}

export class SendsInFlightError extends Error {
  constructor(n: number) {
    super(`${n} send(s) of this source are being delivered by another worker; retrying after their lease`)
    this.name = 'SendsInFlightError'
  }
}

/**
 * The job handler: every due Send of the source. `concurrency` lanes take claimed Sends from a
 * queue and hand them to their providers; the next page is claimed while the queue still holds
 * a page (so the lanes never wait for a page boundary, even on PostgreSQL's round trips), and outcomes are recorded a page
 * at a time while the lanes go on sending. Returns how many were attempted.
 */
export async function deliverSends(p: DeliverPayload, o: DeliverOptions = {}): Promise<number> {
  const workerId = o.workerId ?? defaultWorkerId()
  const pageSize = o.pageSize ?? PAGE_SIZE
  await expireSendLeases()
  let attempted = 0
  let after: string | undefined
  let exhausted = false
  let failure: unknown = null
  const queue: ClaimedSend[] = []
  let head = 0
  let claiming: Promise<void> | null = null
  const claimNext = () =>
    (claiming ??= (async () => {
      try {
        const page = await claimPage(p, { ...o, workerId, after })
        if (!page.lastId) exhausted = true
        else {
          after = page.lastId
          queue.push(...page.sending)
        }
      } catch (e) {
        failure ??= e
      } finally {
        claiming = null
      }
    })())
  // Outcomes not yet recorded; `recording` is the write of the previous batch.
  let done: Array<[ClaimedSend, DeliveryOutcome]> = []
  let recording: Promise<unknown> = Promise.resolve()
  const flush = () => {
    if (!done.length) return
    const batch = done
    done = []
    recording = recording.then(
      () => recordOutcomes(batch, workerId),
      (e) => {
        failure ??= e
        return recordOutcomes(batch, workerId)
      },
    )
  }
  const lane = async () => {
    for (;;) {
      if (head >= queue.length) {
        // After a failed claim the lanes still deliver what was claimed (it is 'sending' under our lease), then the job fails.
        if (exhausted || failure) return
        await claimNext()
        continue
      }
      const s = queue[head]!
      queue[head++] = undefined as unknown as ClaimedSend
      if (head > pageSize * 4) {
        queue.splice(0, head)
        head = 0
      }
      if (!exhausted && !failure && !claiming && queue.length - head < pageSize) void claimNext()
      const outcome = await deliverClaimed(s)
      attempted++
      done.push([s, outcome])
      if (done.length >= pageSize) flush()
    }
  }
  try {
    await Promise.all(Array.from({ length: Math.max(1, o.concurrency ?? DELIVERY_CONCURRENCY) }, lane))
  } finally {
    flush()
    await recording
    await claiming
  }
  if (failure) throw failure
  const inFlight = await read(
    selectFirst(
      kysely()
        .selectFrom('Send')
        .select(sql<number>`count(*)`.as('n'))
        .where('companyId', '=', p.companyId)
        .where('channel', '=', p.channel)
        .where('sourceType', '=', p.sourceType)
        .where('sourceId', 'in', deliverSources(p))
        .where('status', '=', 'sending'),
    ),
  )
  const n = Number(inFlight?.n ?? 0)
  if (n) throw new SendsInFlightError(n)
  return attempted
}
