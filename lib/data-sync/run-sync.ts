// One run of a sync (the 'data-sync.run' job): the membership changes of the run's window, in
// batches of BATCH_SIZE, each POSTed to the destination as signed JSON through the guarded
// outbound connection (lib/net), the same signature as our webhooks (X-Webhook-Signature over
// "<timestamp>.<body>"). X-Webhook-Id names the batch ("sync:<id>:run:<id>:batch:<n>") and stays
// the same on a retry, so a receiver can drop a repeat.
//
// A run is claimed before it is worked on, so a repeated job finds it taken or finished. A job
// run again after its lease ended (the worker holding it died: a live one keeps extending it)
// takes over the run its dead holder left 'running' and resumes after the last accepted batch;
// a duplicate job never does. A batch that fails ends the attempt (logged with its status, rows, error and duration); the run
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
// A run left 'running' this long was abandoned by a worker that died; it may be claimed again.
const STALE_RUN_MS = 15 * 60_000

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
 * Claims the run (queued, retrying when due, or abandoned) so one worker works on it. `takeOver`:
 * this job's own earlier attempt held it and is gone, so a 'running' run is abandoned at once.
 */
async function claim(companyId: number, runId: number, now: Date, takeOver: boolean) {
  const { count } = await db.dataSyncRun.updateMany({
    where: {
      companyId,
      id: runId,
      OR: [
        { status: 'queued' },
        { status: 'retrying', OR: [{ nextAttemptAt: null }, { nextAttemptAt: { lte: now } }] },
        takeOver
          ? { status: 'running' }
          : { status: 'running', startedAt: { lt: new Date(now.getTime() - STALE_RUN_MS) } },
      ],
    },
    data: { status: 'running', startedAt: now, attempts: { increment: 1 } },
  })
  return count === 1
}

export async function runSync(
  companyId: number,
  runId: number,
  now: Date = queueNow(),
  opts: { takeOver?: boolean } = {},
): Promise<void> {
  if (!(await claim(companyId, runId, now, opts.takeOver ?? false))) return
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
    await db.dataSyncRun.updateMany({
      where: { companyId, id: run.id },
      data: { batchesSent: index, rows, lastChangeId: after },
    })
  }
  const durationMs = Date.now() - started
  // The claim counted this attempt already.
  const attempt = run.attempts
  await db.dataSyncAttempt.create({
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
    await db.$transaction([
      db.dataSyncRun.updateMany({
        where: { companyId, id: run.id },
        data: { status: 'succeeded', error: null, nextAttemptAt: null, finishedAt: now },
      }),
      // Never moves back: a late run of an older window leaves a newer cursor alone.
      db.dataSync.updateMany({
        where: { companyId, id: sync.id, cursor: { lt: run.toCursor } },
        data: { cursor: run.toCursor },
      }),
      db.dataSync.updateMany({ where: { companyId, id: sync.id }, data: { lastSuccessAt: now } }),
    ])
    return
  }
  if (attempt >= MAX_ATTEMPTS || !sync.enabled) {
    await db.dataSyncRun.updateMany({
      where: { companyId, id: run.id },
      data: { status: 'failed', error, nextAttemptAt: null, finishedAt: now },
    })
    return
  }
  const nextAttemptAt = new Date(now.getTime() + webhookBackoffSeconds(attempt) * 1000)
  await db.dataSyncRun.updateMany({
    where: { companyId, id: run.id },
    data: { status: 'retrying', error, nextAttemptAt },
  })
  await enqueue(
    DATA_SYNC_RUN_JOB,
    { runId: run.id },
    { companyId, runAt: nextAttemptAt, idempotencyKey: `data-sync-run:${run.id}:${attempt}` },
  )
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
