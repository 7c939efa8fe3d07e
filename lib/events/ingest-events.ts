// Event ingestion: resolve (or create) each profile, get-or-create the metric, insert the
// event (a repeated unique_id for the same profile and metric keeps the first), move
// Profile.lastEventAt forward; all on prepared statements in ONE transaction per batch;
// then re-evaluate the segments the batch can affect. The worker hands over up to a few
// hundred queued jobs at once (each with one or more events); ingestEvents is the synchronous
// form for callers that want the result (seeds, tests, imports).
import type Database from 'better-sqlite3'
import { prep, rolledBack, writeTx } from '@/lib/db/sqlite'
import { AppError, type FieldErrors } from '@/lib/http/app-error'
import { acceptedNow } from '@/lib/profiles/attribute-times'
import { upsertProfileSync } from '@/lib/profiles/upsert-profile'
import type { RawProfile } from '@/lib/profiles/profile-store'
import { reevaluateProfiles } from '@/lib/segments/reevaluate-profiles'
import { getOrCreateMetricSync } from './get-or-create-metric'
import { insertEventSync, touchLastEventAt } from './insert-event'
import type { EventInput, IngestResult, QueuedEvent } from './types'
import { parseEventInput } from './validate-event'

type Conn = Database.Database

/** Events written together or not at all: one queued job, or one ingestEvents call. */
export interface IngestGroup {
  companyId: number
  mode: 'import' | 'client'
  events: QueuedEvent[]
  /** For a queued job: its lease. The job row is deleted in the transaction that writes its
   *  events, and only while the lease is still ours, so a re-run after a crash finds no job
   *  and a worker that lost its lease writes nothing: each job's events are written once. */
  guard?: { jobId: number; lockedBy: string; attempts: number }
}

export type GroupOutcome = { ok: IngestResult[] } | { skipped: true } | { error: unknown }

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
}

const LOOKUP: Record<string, string> = {
  id: 'SELECT id FROM Profile WHERE companyId = ? AND id = ?',
  email: 'SELECT id FROM Profile WHERE companyId = ? AND email = ?',
  phoneNumber: 'SELECT id FROM Profile WHERE companyId = ? AND phoneNumber = ?',
  externalId: 'SELECT id FROM Profile WHERE companyId = ? AND externalId = ?',
  anonymousId: 'SELECT id FROM Profile WHERE companyId = ? AND anonymousId = ?',
}

/**
 * Most events name their profile by one identifier and nothing else ({email} or
 * {external_id}): then there is nothing to update, and an index lookup of the id is all the
 * resolution needed. Anything richer goes through upsertProfileSync.
 */
function pureKey(event: QueuedEvent): string | null {
  if (event.patchProperties) return null
  const keys = Object.keys(event.profile)
  if (keys.length !== 1) return null
  const k = keys[0]!
  const v = (event.profile as Record<string, unknown>)[k]
  return LOOKUP[k] && typeof v === 'string' && v ? `${k}\u0000${v}` : null
}

function lookupOnly(conn: Conn, companyId: number, profile: QueuedEvent['profile']): RawProfile | null {
  const [k, v] = Object.entries(profile)[0]!
  const row = prep(LOOKUP[k]!, conn).get(companyId, v) as { id: string } | undefined
  return row ? ({ id: row.id, companyId } as RawProfile) : null
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

/** The batch's jobs whose lease is still ours (read inside the same write transaction). */
function ownedJobs(conn: Conn, groups: IngestGroup[]): Set<number> {
  const guards = groups.filter((g) => g.guard).map((g) => [g.guard!.jobId, g.guard!.attempts, g.guard!.lockedBy])
  if (!guards.length) return new Set()
  const rows = prep(
    `SELECT id FROM Job WHERE status = 'running' AND (id, attempts, lockedBy) IN
       (SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]') FROM json_each(?))`,
    conn,
  ).all(JSON.stringify(guards)) as { id: number }[]
  return new Set(rows.map((r) => r.id))
}

function ingestOne(conn: Conn, g: IngestGroup, event: QueuedEvent, b: BatchState): IngestResult {
  const { companyId } = g
  const t = b.touched.get(companyId) ?? { profileIds: new Set<string>(), metricIds: new Set<string>(), profileChanged: false, created: new Set<string>(), mergedInto: new Set<string>() }
  b.touched.set(companyId, t)
  const pure = pureKey(event)
  const pkey = pure === null ? null : `${companyId}\u0000${pure}`
  let profile = pkey === null ? null : (b.profiles.get(pkey) ?? lookupOnly(conn, companyId, event.profile))
  if (!profile) {
    const { id, ...input } = event.profile
    const res = upsertProfileSync(conn, companyId, input, {
      mode: g.mode, id, patchProperties: event.patchProperties, acceptedAt: event.acceptedAt ?? 0,
    })
    profile = res.raw
    if (res.changed) t.profileChanged = true
    if (res.created) t.created.add(res.raw.id)
    if (res.mergedIds.length) t.mergedInto.add(res.raw.id)
    // The same result as writing the events one by one: a merged (deleted) profile is gone, and
    // a changed one may no longer hold the identifier it was looked up by.
    // (A merged id stays in `touched`: re-evaluating a deleted profile is a no-op, and if this
    // group's savepoint is undone the profile is back and needs it.)
    for (const gone of res.mergedIds) {
      forget(b, gone)
      const last = b.lastTs.get(gone)
      b.lastTs.delete(gone)
      const kept = b.lastTs.get(profile.id)
      if (last && (!kept || kept.ts < last.ts)) b.lastTs.set(profile.id, last)
    }
    if (res.changed && !res.created) forget(b, profile.id)
  }
  const metric = getOrCreateMetricSync(conn, companyId, event.metric.name, event.metric.service || 'api')
  const eventId = insertEventSync(conn, {
    companyId, profileId: profile.id, metricId: metric.id, ts: event.ts, value: event.value, currency: event.valueCurrency,
    uniqueId: event.uniqueId, properties: JSON.stringify(event.properties ?? {}),
  })
  if (eventId !== null) {
    const last = b.lastTs.get(profile.id)
    if (!last || last.ts < event.ts) b.lastTs.set(profile.id, { companyId, ts: event.ts })
  }
  if (pkey !== null) remember(b, pkey, profile)
  t.profileIds.add(profile.id)
  t.metricIds.add(metric.id)
  return { eventId, duplicate: eventId === null, profileId: profile.id, metricId: metric.id }
}

function ingestGroup(conn: Conn, g: IngestGroup, b: BatchState): GroupOutcome {
  if (g.guard && !b.owned.has(g.guard.jobId)) return { skipped: true }
  return { ok: g.events.map((e) => ingestOne(conn, g, e, b)) }
}

/**
 * Writes groups in the current transaction. atomic=true: the first error propagates (the
 * caller's transaction rolls back). atomic=false: each group runs in its own savepoint, so a
 * bad group is reported as its own failure and the rest commit.
 */
export function ingestBatchSync(conn: Conn, groups: IngestGroup[], atomic: boolean, touched: Map<number, Touched>): GroupOutcome[] {
  const b: BatchState = { profiles: new Map(), keysOf: new Map(), lastTs: new Map(), owned: ownedJobs(conn, groups), touched }
  const savepoint = conn.transaction((g: IngestGroup) => ingestGroup(conn, g, b))
  const outcomes = groups.map((g): GroupOutcome => {
    if (atomic) return ingestGroup(conn, g, b)
    const lastTs = new Map(b.lastTs)
    try {
      return savepoint(g)
    } catch (e) {
      // What the undone savepoint wrote is gone: forget it here too (the lookups are redone).
      b.profiles = new Map()
      b.keysOf = new Map()
      b.lastTs = lastTs
      return { error: e }
    }
  })
  for (const [profileId, { companyId, ts }] of b.lastTs) touchLastEventAt(conn, companyId, profileId, ts)
  const done = groups.flatMap((g, i) => (g.guard && 'ok' in outcomes[i]! ? [g.guard.jobId] : []))
  if (done.length) prep('DELETE FROM Job WHERE id IN (SELECT value FROM json_each(?))', conn).run(JSON.stringify(done))
  return outcomes
}

const isForeignKey = (e: unknown) => (e as { code?: string })?.code === 'SQLITE_CONSTRAINT_FOREIGNKEY'

/**
 * Runs ingestBatchSync in a write transaction, then re-evaluates segments per company.
 * 'atomic': all or nothing. 'isolate' (the worker): first the whole batch at once (fast);
 * only if something in it fails, again with a savepoint per group so the others commit.
 */
export async function writeBatch(groups: IngestGroup[], mode: 'atomic' | 'isolate'): Promise<GroupOutcome[]> {
  let touched = new Map<number, Touched>()
  const run = (atomic: boolean) =>
    writeTx((conn) => {
      touched = new Map()
      return ingestBatchSync(conn, groups, atomic, touched)
    })
  let outcomes: GroupOutcome[]
  try {
    outcomes = await run(true)
  } catch (e) {
    // A cached metric deleted meanwhile shows as a foreign-key error; writeTx has already
    // cleared the cache, so the second run recreates it.
    if (mode === 'atomic' && !isForeignKey(e)) throw e
    outcomes = await run(mode === 'atomic')
  }
  if (outcomes.some((o) => 'error' in o)) rolledBack() // savepoints were undone
  for (const [companyId, t] of touched) {
    try {
      await reevaluateProfiles(companyId, [...t.profileIds], {
        metricIds: [...t.metricIds], profileChanged: t.profileChanged, created: [...t.created], all: [...t.mergedInto],
      })
    } catch (e) {
      console.error(`[events] segment re-evaluation failed for company ${companyId}:`, e)
    }
  }
  return outcomes
}

/** Validates every input; 400 with field errors (prefixed by the index when several). */
export function validateEvents(inputs: EventInput[], acceptedAt = acceptedNow()): QueuedEvent[] {
  const errors: FieldErrors = {}
  const events = inputs.map((e, i) => ({ ...parseEventInput(e, errors, inputs.length > 1 ? String(i) : ''), acceptedAt }))
  if (Object.keys(errors).length) throw new AppError('invalid', 400, 'Invalid event.', errors)
  return events
}

/** Validates and ingests events now (all or nothing); 400 with field errors when invalid. */
export async function ingestEvents(companyId: number, inputs: EventInput[], opts: { mode?: 'import' | 'client' } = {}): Promise<IngestResult[]> {
  const events = validateEvents(inputs)
  const [outcome] = await writeBatch([{ companyId, mode: opts.mode ?? 'import', events }], 'atomic')
  return (outcome as { ok: IngestResult[] }).ok
}
