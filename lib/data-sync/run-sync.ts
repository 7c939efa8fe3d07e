// One run of a sync (the 'data-sync.run' job): the membership changes of the run's window, in
// batches of BATCH_SIZE, each POSTed to the destination as signed JSON through the guarded
// outbound connection (lib/net), the same signature as our webhooks (X-Webhook-Signature over
// "<timestamp>.<body>"). X-Webhook-Id names the batch ("sync:<id>:run:<id>:batch:<n>") and stays
// the same on a retry, so a receiver can drop a repeat.
//
// A run is claimed before it is worked on, and the claim records its holder (job id + attempt)
// with a lease renewed at every accepted batch, in one compare-and-set: a run 'running' is taken
// over only when its holder is gone, i.e. its lease lapsed, or the holder was an earlier attempt
// of the same job (the queue hands a job out again only once that attempt's own lease ended).
// The holder's later writes check the hold is still theirs, so a worker that lost it stops. A
// retry job queued by a worker that then died races the dead job's next attempt: one of them
// gets the run, the other finds it held and does nothing; the one that gets it resumes after the
// last accepted batch. A batch that fails ends the attempt (logged with its status, rows, error and duration); the run
// is retried with the webhooks' backoff from the first batch not yet accepted, and after
// MAX_ATTEMPTS it is 'failed' and the cursor does not move, so the next run sends the changes
// again. Success moves the sync's cursor to the end of the window (incremental runs).
import { db } from '@/lib/db/client'
import { enqueue } from '@/lib/jobs/queue'
import { queueNow } from '@/lib/jobs/clock'
import { openSecret } from '@/lib/crypto/secret-box'
import { safeFetch } from '@/lib/net/safe-fetch'
import { deliveryErrorText } from '@/lib/webhooks/endpoint-url'
import { signWebhookBody, webhookBackoffSeconds } from '@/lib/webhooks/deliver-webhook'
import { SCHEDULE_MS, type SyncSchedule } from './destinations'
import { DATA_SYNC_RUN_JOB } from './start-sync-run'
import { parseList, SYNC_SECRET_PURPOSE } from './sync-store'

export const BATCH_SIZE = 500
export const MAX_ATTEMPTS = 5
export const DATA_SYNC_TICK_JOB = 'data-sync.tick'
// A run left 'running' before holders were recorded (no lease) counts as abandoned after this.
const STALE_RUN_MS = 15 * 60_000
// A batch takes at most its 15 s timeout, so a live holder renews its hold long before it lapses.
export const RUN_LEASE_MS = 5 * 60_000

/** The job attempt working on a run. */
export interface RunHolder {
  jobId: number
  attempt: number
}

interface Batch {
  changes: { id: number; groupId: string; profileId: string; kind: string; at: Date }[]
}

/** The next batch of the window after the last accepted change (keyset, id order). */
async function loadBatch(companyId: number, groupIds: string[], after: number, to: number) {
  const changes = await db.groupMembershipChange.findMany({
    where: { companyId, groupId: { in: groupIds }, id: { gt: after, lte: to } },
    orderBy: { id: 'asc' },
    take: BATCH_SIZE,
    select: { id: true, groupId: true, profileId: true, kind: true, at: true },
  })
  return { changes } satisfies Batch
}

async function batchBody(
  companyId: number,
  sync: { id: number; name: string },
  runId: number,
  index: number,
  b: Batch,
  fields: string[],
) {
  const profileIds = [...new Set(b.changes.map((c) => c.profileId))]
  const groupIds = [...new Set(b.changes.map((c) => c.groupId))]
  const select = Object.fromEntries([['id', true], ...fields.map((f) => [f, true])])
  const [profiles, groups] = await Promise.all([
    db.profile.findMany({ where: { companyId, id: { in: profileIds } }, select }),
    db.group.findMany({ where: { companyId, id: { in: groupIds } }, select: { id: true, name: true, type: true } }),
  ])
  const profileById = new Map(profiles.map((p) => [String(p.id), p]))
  const groupById = new Map(groups.map((g) => [g.id, g]))
  return JSON.stringify({
    sync: { id: sync.id, name: sync.name },
    run: runId,
    batch: index,
    changes: b.changes.map((c) => {
      const g = groupById.get(c.groupId)
      return {
        id: c.id,
        type: c.kind === 'left' ? 'left' : 'joined',
        at: c.at.toISOString(),
        group: { id: c.groupId, name: g?.name ?? null, kind: g?.type === 1 ? 'segment' : 'list' },
        // A profile deleted since the change is sent as its id alone.
        profile: profileById.get(c.profileId) ?? { id: c.profileId },
      }
    }),
  })
}

/**
 * Claims the run (queued, retrying when due, or 'running' under a holder that is gone) for
 * `holder`, in one conditional update: of two jobs racing for a run exactly one gets it.
 */
async function claim(companyId: number, runId: number, now: Date, holder: RunHolder) {
  const { count } = await db.dataSyncRun.updateMany({
    where: {
      companyId,
      id: runId,
      OR: [
        { status: 'queued' },
        { status: 'retrying', OR: [{ nextAttemptAt: null }, { nextAttemptAt: { lte: now } }] },
        { status: 'running', leaseUntil: { lt: now } },
        { status: 'running', holderJobId: holder.jobId, holderAttempt: { lt: holder.attempt } },
        { status: 'running', leaseUntil: null, startedAt: { lt: new Date(now.getTime() - STALE_RUN_MS) } },
      ],
    },
    data: {
      status: 'running',
      startedAt: now,
      attempts: { increment: 1 },
      holderJobId: holder.jobId,
      holderAttempt: holder.attempt,
      leaseUntil: new Date(now.getTime() + RUN_LEASE_MS),
    },
  })
  return count === 1
}

export async function runSync(
  companyId: number,
  runId: number,
  holder: RunHolder,
  now: Date = queueNow(),
): Promise<void> {
  if (!(await claim(companyId, runId, now, holder))) return requeueLostRetry(companyId, runId, holder)
  // Every later write of this attempt is conditional on still holding the run.
  const mine = {
    companyId,
    id: runId,
    status: 'running',
    holderJobId: holder.jobId,
    holderAttempt: holder.attempt,
  }
  const run = (await db.dataSyncRun.findFirst({ where: { companyId, id: runId }, include: { sync: true } }))!
  const sync = run.sync
  const started = Date.now()
  const fields = parseList(sync.fields)
  const groupIds = parseList(sync.groupIds)
  const secret = openSecret(sync.secretSealed, SYNC_SECRET_PURPOSE)
  let index = run.batchesSent
  let after = Math.max(run.lastChangeId, run.fromCursor)
  let rows = run.rows
  let error: string | null = null
  let responseCode: number | null = null
  let attemptRows = 0
  if (!sync.enabled) error = 'The sync is paused.'
  else if (!secret) error = 'The signing secret cannot be read (was SECRETS_KEY changed?).'
  while (!error) {
    const batch = await loadBatch(companyId, groupIds, after, run.toCursor)
    if (!batch.changes.length) break
    const body = await batchBody(companyId, sync, run.id, index, batch, fields)
    const ts = Math.floor(now.getTime() / 1000)
    try {
      const res = await safeFetch(sync.endpointUrl, {
        purpose: 'webhook',
        method: 'POST',
        httpsOnly: true,
        timeoutMs: 15_000,
        maxBytes: 64 * 1024,
        overflow: 'truncate',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'MerchantAutomation-Sync/1',
          'x-webhook-id': `sync:${sync.id}:run:${run.id}:batch:${index}`,
          'x-webhook-topic': 'sync:group_membership',
          'x-webhook-timestamp': String(ts),
          'x-webhook-signature': signWebhookBody(secret!, ts, body),
        },
        body,
      })
      responseCode = res.status
      if (!res.ok) error = `The destination answered ${res.status}.`
    } catch (e) {
      error = deliveryErrorText(sync.endpointUrl, e)
    }
    if (error) break
    index += 1
    rows += batch.changes.length
    attemptRows += batch.changes.length
    after = batch.changes[batch.changes.length - 1]!.id
    // Progress is kept per batch, so a retry resumes after what the receiver accepted.
    const kept = await db.dataSyncRun.updateMany({
      where: mine,
      data: {
        batchesSent: index,
        rows,
        lastChangeId: after,
        leaseUntil: new Date(now.getTime() + (Date.now() - started) + RUN_LEASE_MS),
      },
    })
    // The hold lapsed and another job took the run over: it resumes from its own reading.
    if (kept.count === 0) return
  }
  const durationMs = Date.now() - started
  // The claim counted this attempt already.
  const attempt = run.attempts
  const retry = !!error && attempt < MAX_ATTEMPTS && sync.enabled
  const nextAttemptAt = retry ? new Date(now.getTime() + webhookBackoffSeconds(attempt) * 1000) : null
  const outcome = !error
    ? { status: 'succeeded', error: null, nextAttemptAt: null, finishedAt: now }
    : retry
      ? { status: 'retrying', error, nextAttemptAt }
      : { status: 'failed', error, nextAttemptAt: null, finishedAt: now }
  const held = await db.$transaction(async (tx) => {
    const { count } = await tx.dataSyncRun.updateMany({ where: mine, data: { ...outcome, leaseUntil: null } })
    if (count === 0) return false
    await tx.dataSyncAttempt.create({
      data: {
        companyId,
        syncId: sync.id,
        runId: run.id,
        attempt,
        status: error ? 'failed' : 'succeeded',
        rows: attemptRows,
        responseCode,
        error,
        durationMs,
        createdAt: now,
      },
    })
    if (!error) {
      // Never moves back: a late run of an older window leaves a newer cursor alone.
      await tx.dataSync.updateMany({
        where: { companyId, id: sync.id, cursor: { lt: run.toCursor } },
        data: { cursor: run.toCursor },
      })
      await tx.dataSync.updateMany({ where: { companyId, id: sync.id }, data: { lastSuccessAt: now } })
    }
    return true
  })
  if (!held || !retry) return
  await queueRetry(companyId, run.id, attempt, nextAttemptAt!)
}

/** The run's retry after its `attempt`-th attempt; the key makes a second call a no-op. */
function queueRetry(companyId: number, runId: number, attempt: number, runAt: Date) {
  return enqueue(
    DATA_SYNC_RUN_JOB,
    { runId },
    { companyId, runAt, idempotencyKey: `data-sync-run:${runId}:${attempt}` },
  )
}

/**
 * A later attempt of the job that set the run 'retrying' and died before it could queue the
 * retry: no job would ever run the run again, so it queues the retry (again: a no-op when the
 * retry made it into the queue).
 */
async function requeueLostRetry(companyId: number, runId: number, holder: RunHolder): Promise<void> {
  const run = await db.dataSyncRun.findFirst({
    where: {
      companyId,
      id: runId,
      status: 'retrying',
      holderJobId: holder.jobId,
      holderAttempt: { lt: holder.attempt },
      nextAttemptAt: { not: null },
    },
  })
  if (run) await queueRetry(companyId, run.id, run.attempts, run.nextAttemptAt!)
}

/** Books the next scheduled run of a sync, once per period (the key names the period). */
export async function scheduleNextTick(companyId: number, syncId: number, schedule: string, now: Date = queueNow()) {
  const every = SCHEDULE_MS[schedule as SyncSchedule]
  if (!every) return
  const period = Math.floor(now.getTime() / every) + 1
  await enqueue(
    DATA_SYNC_TICK_JOB,
    { syncId },
    { companyId, runAt: new Date(period * every), idempotencyKey: `data-sync-tick:${syncId}:${schedule}:${period}` },
  )
}
