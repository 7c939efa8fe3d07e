// Event ingestion: resolve (or create) each profile, get-or-create the metric, insert the
// event (a repeated unique_id for the same profile and metric keeps the first), move
// Profile.lastEventAt forward; all in ONE transaction per batch, written once as database work
// (lib/db/ops.ts: synchronous inside writeTx on SQLite, one pooled connection on PostgreSQL).
// The batch then goes to its consumers (./batch-consumers.ts: flow triggers and attribution in
// the transaction, segment re-evaluation after the commit), which ingest does not import. The worker hands over up to a few
// hundred queued jobs at once (each with one or more events); ingestEvents is the synchronous
// form for callers that want the result (seeds, tests, imports).
import { CompiledQuery } from 'kysely'
import { dbEngine } from '@/lib/db/client'
import { exec, inWriteTx, savepoint, type Ops } from '@/lib/db/ops'
import { rolledBack } from '@/lib/db/sqlite'
import { AppError, type FieldErrors } from '@/lib/errors/app-error'
import { completeInTransactionOps, lockLeasedJobsOps } from '@/lib/jobs/complete-in-transaction'
import { queueNow } from '@/lib/jobs/clock'
import { acceptedNow } from '@/lib/profiles/attribute-times'
import { newProfileRow, upsertProfileOps, type KnownProfiles } from '@/lib/profiles/upsert-profile'
import { IDENTIFIER_FIELDS } from '@/lib/profiles/types'
import { findProfileIdOps, type RawProfile } from '@/lib/profiles/profile-store'
import { batchConsumers } from './batch-consumers'
import { countIngestRetry } from './ingest-retry-count'
import { getOrCreateMetricOps } from './get-or-create-metric'
import { insertEventOps, touchLastEventAtOps, type EventRow } from './insert-event'
import * as pgSets from './ingest-sets-pg'
import { idKey, type IdKey, type NewProfile } from './ingest-sets-pg'
import * as sqliteSets from './ingest-sets-sqlite'
import type { EventInput, GroupOutcome, IngestGroup, IngestResult, QueuedEvent } from './types'
import { parseEventInput } from './validate-event'

interface Touched {
  profileIds: Set<string>
  metricIds: Set<string>
  profileChanged: boolean
  /** New profiles: checked against every segment a blank profile can match. */
  created: Set<string>
  /** Profiles that absorbed a merge: checked against every segment. */
  mergedInto: Set<string>
}

interface BatchState {
  /** Pure lookups only (an event naming its profile by one identifier): identifier → profile.
   *  An entry is forgotten when its profile is merged away or changed, so it never outlives
   *  what it caches. Profile updates are never cached: every event applies its own. */
  profiles: Map<string, RawProfile>
  /** profile id → the keys of `profiles` that point at it. */
  keysOf: Map<string, Set<string>>
  /** The newest event time per profile, written once per batch (not once per event). */
  lastTs: Map<string, { companyId: number; ts: number }>
  /** The jobs whose lease we still hold. */
  owned: Set<number>
  touched: Map<number, Touched>
  /** Set-based (all-or-nothing batches, both engines): the events to insert at the end (one
   *  statement on PostgreSQL, back to back on SQLite), with the results they fill in. Null: each
   *  event is inserted as it comes (the per-group savepoint path). */
  pending: { row: EventRow; result: IngestResult }[] | null
  /** Set-based: whole rows of the profiles the batch's richer events name, read in one query per
   *  field and kept current with every write of the batch (key → row, null: no such profile);
   *  dropped (null) after a merge, whose writes reach other rows too. */
  rows: Map<string, RawProfile | null> | null
  /** profile id → its keys in `rows`. */
  rowKeys: Map<string, Set<string>>
  /** Set-based: attribute times moved by the batch's events (no value changed), written at once
   *  at the end rather than one UPDATE per event on a hot profile row. profile id → times. */
  times: Map<string, { companyId: number; json: string }>
  /** company and metric name → metric, for this batch: the process-wide cache's key is built
   *  from DATABASE_URL, and reading process.env once per event was a measurable part of a batch. */
  metrics: Map<string, { id: string; name: string }>
}

/** The set-based batch's statements of the current engine (the same steps, the same results). */
const sets = () => (dbEngine() === 'postgresql' ? pgSets : sqliteSets)

function* flushTimesOps(b: BatchState): Ops<void> {
  if (!b.times.size) return
  yield* sets().setAttributeTimesManyOps([...b.times].map(([id, t]) => ({ id, ...t })))
  b.times.clear()
}

/** Whether upserting this profile input may merge profiles (its identifiers name several, or one not known). */
function mayMerge(b: BatchState, companyId: number, profile: QueuedEvent['profile']): boolean {
  const ids = new Set<string>()
  for (const f of ['id', ...IDENTIFIER_FIELDS]) {
    const v = (profile as Record<string, unknown>)[f]
    if (typeof v !== 'string' || !v) continue
    const row = b.rows?.get(idKey(companyId, f, v))
    if (row === undefined) return true
    if (row) ids.add(row.id)
  }
  return ids.size > 1
}

function keepRow(b: BatchState, row: RawProfile) {
  if (!b.rows) return
  for (const k of b.rowKeys.get(row.id) ?? []) b.rows.delete(k)
  const keys = new Set<string>()
  for (const f of ['id', ...IDENTIFIER_FIELDS]) {
    const v = row[f]
    if (typeof v === 'string' && v) keys.add(idKey(row.companyId, f, v))
  }
  for (const k of keys) b.rows.set(k, row)
  b.rowKeys.set(row.id, keys)
}

const LOOKUP = new Set(['id', 'email', 'phoneNumber', 'externalId', 'anonymousId'])
type LookupField = 'id' | 'email' | 'phoneNumber' | 'externalId' | 'anonymousId'

/**
 * Most events name their profile by one identifier and nothing else ({email} or
 * {external_id}): then there is nothing to update, and an index lookup of the id is all the
 * resolution needed. Anything richer goes through upsertProfileOps.
 */
function pureKey(event: QueuedEvent): string | null {
  if (event.patchProperties) return null
  const keys = Object.keys(event.profile)
  if (keys.length !== 1) return null
  const k = keys[0]!
  const v = (event.profile as Record<string, unknown>)[k]
  return LOOKUP.has(k) && typeof v === 'string' && v ? `${k}\u0000${v}` : null
}

function* lookupOnly(companyId: number, profile: QueuedEvent['profile']): Ops<RawProfile | null> {
  const [k, v] = Object.entries(profile)[0]!
  const id = yield* findProfileIdOps(companyId, k as LookupField, v as string)
  return id ? ({ id, companyId } as RawProfile) : null
}

function remember(b: BatchState, key: string, profile: RawProfile) {
  b.profiles.set(key, profile)
  const keys = b.keysOf.get(profile.id) ?? new Set<string>()
  keys.add(key)
  b.keysOf.set(profile.id, keys)
}

function forget(b: BatchState, profileId: string) {
  for (const key of b.keysOf.get(profileId) ?? []) b.profiles.delete(key)
  b.keysOf.delete(profileId)
}

function touchedOf(b: BatchState, companyId: number): Touched {
  const t = b.touched.get(companyId) ?? {
    profileIds: new Set<string>(),
    metricIds: new Set<string>(),
    profileChanged: false,
    created: new Set<string>(),
    mergedInto: new Set<string>(),
  }
  b.touched.set(companyId, t)
  return t
}

/**
 * Set-based preparation (./ingest-sets-pg.ts, ./ingest-sets-sqlite.ts): resolves the identifiers of every one-identifier event in
 * one query per field, creates the missing profiles in one INSERT per field, and every metric
 * of the batch in one, so the per-event loop finds them all in the batch and metric caches.
 * A profile also named by a richer event of the batch is left to the loop, which creates it in
 * event order as the per-event path would.
 */
function* prepareBatchOps(groups: IngestGroup[], b: BatchState): Ops<void> {
  const pure = new Map<string, IdKey & { acceptedAt: number }>()
  const rich = new Map<string, IdKey>()
  // Events whose profile the per-event path would create from them: named by one identifier
  // (with attributes), the first event of the batch to name it. Created here in one INSERT.
  const seen = new Set<string>()
  const firsts: { g: IngestGroup; e: QueuedEvent; key: string }[] = []
  const metrics: { companyId: number; name: string; integration: string }[] = []
  for (const g of groups) {
    if (g.guard && !b.owned.has(g.guard.jobId)) continue
    for (const e of g.events) {
      metrics.push({ companyId: g.companyId, name: e.metric.name, integration: e.metric.service || 'api' })
      const k = pureKey(e)
      if (k !== null) {
        const cut = k.indexOf('\u0000')
        const field = k.slice(0, cut) as LookupField
        const value = k.slice(cut + 1)
        const key = idKey(g.companyId, field, value)
        if (!pure.has(key)) pure.set(key, { companyId: g.companyId, field, value, acceptedAt: e.acceptedAt ?? 0 })
        seen.add(key)
        continue
      }
      const p = e.profile as Record<string, unknown>
      const named: string[] = []
      for (const f of ['id', ...IDENTIFIER_FIELDS] as LookupField[]) {
        if (p[f] !== undefined) named.push(f)
        if (typeof p[f] === 'string' && p[f])
          rich.set(idKey(g.companyId, f, p[f] as string), { companyId: g.companyId, field: f, value: p[f] as string })
      }
      const f = named[0]
      const single = named.length === 1 && f !== 'id' && typeof p[f!] === 'string' && p[f!] && !e.patchProperties
      const key = single ? idKey(g.companyId, f!, p[f!] as string) : null
      if (key !== null && !seen.has(key)) firsts.push({ g, e, key })
      for (const n of named) if (typeof p[n] === 'string') seen.add(idKey(g.companyId, n, p[n] as string))
    }
  }
  const found = yield* sets().findProfileIdsOps([...pure.values()])
  b.rows = yield* sets().findProfileRowsOps([...rich.values()])
  for (const row of new Map([...b.rows.values()].filter((r) => r !== null).map((r) => [r!.id, r!])).values())
    keepRow(b, row)
  const now0 = new Date()
  const newRows = firsts
    .filter(({ key }) => b.rows!.get(key) === null)
    .map(({ g, e }) => newProfileRow(g.companyId, e.profile, undefined, e.acceptedAt ?? 0, now0))
  // The loop's upsert of these events then finds them in `rows`, unchanged: no further write.
  for (const row of yield* sets().createProfileRowsOps(newRows)) {
    keepRow(b, row)
    for (const k of b.rowKeys.get(row.id) ?? []) if (pure.has(k)) remember(b, k, row)
    const t = touchedOf(b, row.companyId)
    t.created.add(row.id)
    t.profileChanged = true
  }
  const now = new Date()
  const news: NewProfile[] = []
  for (const [key, k] of pure) {
    // An unknown id is the per-event path's 404, and a richer event creates its own profile.
    if (found.has(key) || rich.has(key) || k.field === 'id') continue
    news.push({ ...k, row: newProfileRow(k.companyId, { [k.field]: k.value }, undefined, k.acceptedAt, now) })
  }
  const made = news.length
    ? yield* sets().createProfilesOps(news)
    : { ids: new Map<string, string>(), created: new Set<string>() }
  for (const [key, id] of [...found, ...made.ids]) {
    const companyId = pure.get(key)!.companyId
    remember(b, key, { id, companyId } as RawProfile)
    if (made.created.has(id)) {
      const t = touchedOf(b, companyId)
      t.created.add(id)
      t.profileChanged = true
    }
  }
  yield* sets().resolveMetricsOps(metrics)
}

function* ingestOne(g: IngestGroup, event: QueuedEvent, b: BatchState): Ops<IngestResult> {
  const { companyId } = g
  const t = touchedOf(b, companyId)
  const pure = pureKey(event)
  const pkey = pure === null ? null : `${companyId}\u0000${pure}`
  let profile = pkey === null ? null : (b.profiles.get(pkey) ?? (yield* lookupOnly(companyId, event.profile)))
  if (!profile) {
    const { id, ...input } = event.profile
    const rows = b.rows
    // A merge writes rows from what it reads: the deferred times must be stored first.
    if (rows && b.times.size && mayMerge(b, companyId, event.profile)) yield* flushTimesOps(b)
    let deferred = false
    const known: KnownProfiles | undefined = rows
      ? {
          find: (f, v) => rows.get(idKey(companyId, f, v)),
          deferTimes: (target, json) => {
            b.times.set(target.id, { companyId: target.companyId, json })
            return (deferred = true)
          },
          hasDeferred: (pid) => b.times.has(pid),
        }
      : undefined
    const res = yield* upsertProfileOps(
      companyId,
      input,
      {
        mode: g.mode,
        id,
        patchProperties: event.patchProperties,
        acceptedAt: event.acceptedAt ?? 0,
      },
      undefined,
      known,
    )
    profile = res.raw
    if (!deferred && res.changed) b.times.delete(res.raw.id) // that write carried the times
    if (res.mergedIds.length) b.rows = null
    else keepRow(b, res.raw)
    if (res.changed) t.profileChanged = true
    if (res.created) t.created.add(res.raw.id)
    if (res.mergedIds.length) t.mergedInto.add(res.raw.id)
    // The same result as writing the events one by one: a merged (deleted) profile is gone, and
    // a changed one may no longer hold the identifier it was looked up by.
    // (A merged id stays in `touched`: re-evaluating a deleted profile is a no-op, and if this
    // group's savepoint is undone the profile is back and needs it.)
    for (const gone of res.mergedIds) {
      forget(b, gone)
      // The merge moved the stored events; the batch's pending ones go straight to the survivor.
      for (const p of b.pending ?? []) {
        if (p.row.profileId === gone) p.row.profileId = p.result.profileId = profile.id
      }
      const last = b.lastTs.get(gone)
      b.lastTs.delete(gone)
      const kept = b.lastTs.get(profile.id)
      if (last && (!kept || kept.ts < last.ts)) b.lastTs.set(profile.id, last)
    }
    if (res.changed && !res.created) forget(b, profile.id)
  }
  const mkey = `${companyId}\u0000${event.metric.name}`
  let metric = b.metrics.get(mkey)
  if (!metric) {
    metric = yield* getOrCreateMetricOps(companyId, event.metric.name, event.metric.service || 'api')
    b.metrics.set(mkey, metric)
  }
  const row: EventRow = {
    companyId,
    profileId: profile.id,
    metricId: metric.id,
    ts: event.ts,
    value: event.value,
    currency: event.valueCurrency,
    uniqueId: event.uniqueId,
    properties: JSON.stringify(event.properties ?? {}),
  }
  if (b.pending) {
    const result: IngestResult = { eventId: null, duplicate: false, profileId: profile.id, metricId: metric.id }
    b.pending.push({ row, result })
    if (pkey !== null) remember(b, pkey, profile)
    t.profileIds.add(profile.id)
    t.metricIds.add(metric.id)
    return result
  }
  const eventId = yield* insertEventOps(row)
  if (eventId !== null) {
    const last = b.lastTs.get(profile.id)
    if (!last || last.ts < event.ts) b.lastTs.set(profile.id, { companyId, ts: event.ts })
  }
  if (pkey !== null) remember(b, pkey, profile)
  t.profileIds.add(profile.id)
  t.metricIds.add(metric.id)
  return { eventId, duplicate: eventId === null, profileId: profile.id, metricId: metric.id }
}

function* ingestGroup(g: IngestGroup, b: BatchState): Ops<GroupOutcome> {
  if (g.guard && !b.owned.has(g.guard.jobId)) return { skipped: true }
  const ok: IngestResult[] = []
  for (const e of g.events) ok.push(yield* ingestOne(g, e, b))
  return { ok }
}

/** pg_advisory_xact_lock's first key: the ingestion lock space (the second is the company id). */
const INGEST_LOCK_SPACE = 7_240_312

/**
 * PostgreSQL: one ingesting transaction per company at a time. Batches of several workers
 * otherwise create and update the same profiles and metrics in event order, each holding the
 * rows it wrote until commit, and deadlock (seen with 2 workers: batches retried for minutes).
 * Transaction-scoped, taken in company id order before any row is touched, released at commit
 * or rollback; workers still run other companies' batches, and every other job, in parallel.
 * SQLite has one writer anyway.
 */
function* lockCompaniesForIngestOps(companyIds: number[]): Ops<void> {
  if (dbEngine() !== 'postgresql') return
  const ids = [...new Set(companyIds)].sort((a, b) => a - b)
  // One round trip for all of them (a worker's batch mixes many accounts): the ordered
  // subquery feeds the lock calls in id order, which is what keeps two batches from deadlocking.
  yield* exec(
    CompiledQuery.raw(
      'select count(pg_advisory_xact_lock($1, c)) from (select unnest($2::int[]) as c order by 1) as ids',
      [INGEST_LOCK_SPACE, ids],
    ),
  )
}

/**
 * Writes groups in the current transaction. atomic=true: the first error propagates (the
 * caller's transaction rolls back). atomic=false: each group runs in its own savepoint, so a
 * bad group is reported as its own failure and the rest commit.
 */
export function* ingestBatchOps(
  groups: IngestGroup[],
  atomic: boolean,
  touched: Map<number, Touched>,
): Ops<GroupOutcome[]> {
  yield* lockCompaniesForIngestOps(groups.map((g) => g.companyId))
  const leases = groups.flatMap((g) => (g.guard ? [g.guard] : []))
  const setBased = atomic
  const b: BatchState = {
    profiles: new Map(),
    keysOf: new Map(),
    lastTs: new Map(),
    owned: yield* lockLeasedJobsOps(leases),
    touched,
    pending: setBased ? [] : null,
    rows: null,
    rowKeys: new Map(),
    times: new Map(),
    metrics: new Map(),
  }
  if (setBased) yield* prepareBatchOps(groups, b)
  const outcomes: GroupOutcome[] = []
  for (const g of groups) {
    if (atomic) {
      outcomes.push(yield* ingestGroup(g, b))
      continue
    }
    const lastTs = new Map(b.lastTs)
    outcomes.push(
      yield* savepoint(
        () => ingestGroup(g, b),
        (e): GroupOutcome => {
          // What the undone savepoint wrote is gone: forget it here too (the lookups are redone).
          b.profiles = new Map()
          b.metrics = new Map()
          b.keysOf = new Map()
          b.lastTs = lastTs
          return { error: e }
        },
      ),
    )
  }
  if (b.pending) {
    const ids = yield* sets().insertEventsOps(b.pending.map((p) => p.row))
    b.pending.forEach(({ row, result }, i) => {
      result.eventId = ids[i]!
      result.duplicate = ids[i] === null
      const last = b.lastTs.get(row.profileId)
      if (ids[i] !== null && (!last || last.ts < row.ts))
        b.lastTs.set(row.profileId, { companyId: row.companyId, ts: row.ts })
    })
    // lastEventAt and the deferred attribute times in one UPDATE of the touched profiles.
    const touch = new Map<string, { id: string; companyId: number; ts?: number; times?: string }>()
    for (const [id, { companyId, ts }] of b.lastTs) touch.set(id, { id, companyId, ts })
    for (const [id, t] of b.times) touch.set(id, { ...touch.get(id), id, companyId: t.companyId, times: t.json })
    b.times.clear()
    yield* sets().touchProfilesManyOps([...touch.values()])
  } else {
    // In id order, so concurrent batches (PostgreSQL workers) take the row locks in one order.
    for (const [profileId, { companyId, ts }] of [...b.lastTs].sort(([a], [c]) => (a < c ? -1 : a > c ? 1 : 0))) {
      yield* touchLastEventAtOps(companyId, profileId, ts)
    }
  }
  // Metric-triggered flows, then revenue attribution: in this transaction, in registration order.
  for (const consumer of batchConsumers()) if (consumer.inTransaction) yield* consumer.inTransaction(groups, outcomes)
  yield* completeInTransactionOps(
    groups.flatMap((g, i) => (g.guard && 'ok' in outcomes[i]! ? [g.guard] : [])),
    queueNow(),
  )
  return outcomes
}

const codeOf = (e: unknown) => (e as { code?: string })?.code
const isForeignKey = (e: unknown) => codeOf(e) === 'SQLITE_CONSTRAINT_FOREIGNKEY' || codeOf(e) === '23503'
/** Another transaction won a race (a profile created concurrently): run again. */
const isRace = (e: unknown) => ['SQLITE_CONSTRAINT_UNIQUE', '23505'].includes(codeOf(e) ?? '')
/** PostgreSQL gave up on the transaction (deadlock, serialization failure): safe to run again whole. */
const isDeadlock = (e: unknown) => ['40P01', '40001'].includes(codeOf(e) ?? '')

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/**
 * Runs ingestBatchOps in a write transaction, then hands what it touched, per company, to the
 * consumers that run after the commit (segment re-evaluation).
 * 'atomic': all or nothing. 'isolate' (the worker): first the whole batch at once (fast);
 * only if something in it fails, again with a savepoint per group so the others commit.
 */
export async function writeBatch(groups: IngestGroup[], mode: 'atomic' | 'isolate'): Promise<GroupOutcome[]> {
  let touched = new Map<number, Touched>()
  const run = async (atomic: boolean) => {
    try {
      return await inWriteTx(() => {
        touched = new Map()
        return ingestBatchOps(groups, atomic, touched)
      })
    } catch (e) {
      rolledBack() // metric ids cached in the undone transaction are gone
      throw e
    }
  }
  let outcomes: GroupOutcome[] | undefined
  let deadlocked = false
  for (let attempt = 0; !outcomes; attempt++) {
    try {
      outcomes = await run(true)
    } catch (e) {
      // A cached metric deleted meanwhile shows as a foreign-key error (the cache is cleared, so
      // the next run recreates it); a concurrent writer's profile or a deadlock: run again.
      if (isDeadlock(e) && !deadlocked) {
        // Nothing of the batch committed (one transaction, job rows deleted in it): running it
        // again cannot lose or double an event. Once, with jittered backoff so the other side
        // finishes first; a second one goes the failure path (savepoints, or the job's retry).
        deadlocked = true
        countIngestRetry()
        await sleep(20 + Math.random() * 30)
        continue
      }
      if ((isRace(e) || isForeignKey(e)) && attempt < 3) continue
      if (mode === 'atomic') throw e
      outcomes = await run(false)
    }
  }
  if (outcomes.some((o) => 'error' in o)) rolledBack() // savepoints were undone
  const after = batchConsumers().filter((c) => c.afterCommit)
  for (const [companyId, t] of touched) {
    const profiles = {
      companyId,
      profileIds: [...t.profileIds],
      metricIds: [...t.metricIds],
      profileChanged: t.profileChanged,
      created: [...t.created],
      mergedInto: [...t.mergedInto],
    }
    for (const consumer of after) {
      try {
        await consumer.afterCommit!(profiles)
      } catch (e) {
        console.error(`[events] ${consumer.name} failed for company ${companyId}:`, e)
      }
    }
  }
  return outcomes
}

/** Validates every input; 400 with field errors (prefixed by the index when several). */
export function validateEvents(inputs: EventInput[], acceptedAt = acceptedNow()): QueuedEvent[] {
  const errors: FieldErrors = {}
  const events = inputs.map((e, i) => ({
    ...parseEventInput(e, errors, inputs.length > 1 ? String(i) : ''),
    acceptedAt,
  }))
  if (Object.keys(errors).length) throw new AppError('invalid', 400, 'Invalid event.', errors)
  return events
}

/** Validates and ingests events now (all or nothing); 400 with field errors when invalid. */
export async function ingestEvents(
  companyId: number,
  inputs: EventInput[],
  opts: { mode?: 'import' | 'client' } = {},
): Promise<IngestResult[]> {
  const events = validateEvents(inputs)
  const [outcome] = await writeBatch([{ companyId, mode: opts.mode ?? 'import', events }], 'atomic')
  return (outcome as { ok: IngestResult[] }).ok
}
