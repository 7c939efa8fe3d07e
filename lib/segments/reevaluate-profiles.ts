// Live membership: after an event or a profile change, the segments the change can affect are
// evaluated for just those profiles and entering/leaving is applied at once. Runs inside the
// event worker, so it must stay in the low milliseconds: one set-based query per affected
// segment and batch of ids, whatever the hint (see ReevaluateHint for its meaning).
//
// Written once for both engines as Ops (lib/db/ops.ts):
// - reevaluateProfilesOps(companyId, ids, hint): `yield*` it inside the profile write's own
//   transaction; it returns the segments that failed, to be reported once the transaction has
//   committed (reportReevaluationFailures) — a SQLite busy retry runs the generator again.
// - reevaluateProfilesInTx(conn, …): the same, synchronously, inside an existing SQLite writeTx.
// - reevaluateProfiles(companyId, ids, hint): after the write has committed, in transactions of
//   its own (one per batch of ids), and reports failures itself.
//
// Isolation: one segment that cannot be evaluated (a definition that no longer compiles, a
// query or write that fails) must not fail the profile write or the other segments. Each
// segment is compiled on its own and applied in its own savepoint: a failure rolls back that
// segment's changes only, is reported, and its membership is left as it was (the next
// recompute of that segment brings it in line). A busy database is not a segment's fault: it
// still fails the whole call, so writeTx and the job queue retry it.
import type Database from 'better-sqlite3'
import type { CompiledQuery } from 'kysely'
import { dbEngine, type DbEngine } from '@/lib/db/client'
import { isBusy, rolledBack } from '@/lib/db/sqlite'
import { inWriteTx, read, runOpsSync, savepoint, select, type Ops } from '@/lib/db/ops'
import { reportError } from '@/lib/errors/reporter'
import { compileDefinition } from './compile-definition'
import { activeSegmentsOps, segmentScopes, type ActiveSegment, type ReevaluateHint } from './active-segments'
import { syncMembersOps } from './apply-membership'
import { nowDate, nowSeconds } from './clock'
import { companyTimeZoneOps } from './company-time-zone'
import { sql, bindSlots, isPostgres, Slot, type Frag } from './sql-fragment'
import { kysely as kyselyDb } from '@/lib/db/kysely'

const BATCH = 500

export interface ReevaluateFailure {
  segmentId: string
  error: unknown
}

interface Prepared {
  ids: string[]
  at: Date
  /** "Now" in Unix seconds for the time-dependent conditions. */
  now: number
  compiled: Array<{ id: string; only: Set<string> | null; query: CompiledQuery<{ id: string }> }>
  failures: ReevaluateFailure[]
}

const validIds = (ids: unknown[]) => ids.filter((id): id is string => typeof id === 'string' && id !== '')

/** Reports the failures of a re-evaluation (call after the transaction has committed). */
export function reportReevaluationFailures(companyId: number, failures: ReevaluateFailure[]): void {
  for (const f of failures)
    reportError({ error: f.error, route: 'segments.live', extra: { companyId, groupId: f.segmentId } })
}

/** The profiles and compiled segments to evaluate; null when there is nothing to do. */
function* prepare(companyId: number, profileIds: string[], hint?: ReevaluateHint): Ops<Prepared | null> {
  // Ids named only by the hint's `created` / `all` lists are evaluated too.
  const named = [hint?.created, hint?.all].flatMap((v) => (Array.isArray(v) ? v : []))
  const ids = [...new Set(validIds([...profileIds, ...named]))]
  if (!ids.length) return null
  const scopes = segmentScopes(yield* activeSegmentsOps(companyId), hint)
  if (!scopes.length) return null
  const timeZone = yield* companyTimeZoneOps(companyId)
  const prepared: Prepared = { ids, at: nowDate(), now: nowSeconds(), compiled: [], failures: [] }
  for (const x of scopes) {
    try {
      prepared.compiled.push({ id: x.segment.id, only: x.only, query: compiledMatchQuery(x.segment, timeZone) })
    } catch (error) {
      prepared.failures.push({ segmentId: x.segment.id, error })
    }
  }
  return prepared
}

/**
 * Of the ids (a JSON array, slot `ids`), those of the company (slot `companyId`) the predicate
 * matches, driven by the id list.
 */
function matchQuery(pred: Frag): Frag {
  const json = new Slot('ids')
  const companyId = new Slot('companyId')
  // SQLite: CROSS JOIN fixes the order (with `p.id IN (…)` the planner walked every profile of
  // the company through the companyId index).
  return isPostgres()
    ? sql`SELECT p."id" AS "id" FROM jsonb_array_elements_text(cast(${json} as jsonb)) AS j(value) JOIN "Profile" p ON p."id" = j.value WHERE p."companyId" = ${companyId} AND ${pred}`
    : sql`SELECT p."id" AS "id" FROM json_each(${json}) j CROSS JOIN "Profile" p ON p."id" = j.value WHERE p."companyId" = ${companyId} AND ${pred}`
}

// The compiled match query of each active segment, kept as long as the segment's ActiveSegment
// (a new definition, or any change to the company's segments, makes new ones: active-segments.ts)
// for the same engine and company time zone. "Now", the ids and the company are slots filled in
// per call, so the cached SQL stays valid as the clock moves.
const compiledCache = new WeakMap<
  ActiveSegment,
  { engine: DbEngine; timeZone: string; query: CompiledQuery<{ id: string }> }
>()

export function compiledMatchQuery(segment: ActiveSegment, timeZone: string): CompiledQuery<{ id: string }> {
  const engine = dbEngine()
  const hit = compiledCache.get(segment)
  if (hit && hit.engine === engine && hit.timeZone === timeZone) return hit.query
  const pred = compileDefinition(segment.definition, { now: 'bound', timeZone })
  const query = matchQuery(pred).compile(kyselyDb()) as CompiledQuery<{ id: string }>
  compiledCache.set(segment, { engine, timeZone, query })
  return query
}

/** One batch of ids, each segment in its own savepoint; returns the segments that failed. */
function* applyBatch(companyId: number, p: Prepared, batch: string[], skip: Set<string>): Ops<ReevaluateFailure[]> {
  const failures: ReevaluateFailure[] = []
  for (const s of p.compiled) {
    if (skip.has(s.id)) continue
    const mine = s.only ? batch.filter((id) => s.only!.has(id)) : batch
    if (!mine.length) continue
    yield* savepoint(
      function* () {
        const rows = yield* select(bindSlots(s.query, { ids: JSON.stringify(mine), companyId, now: p.now }))
        yield* syncMembersOps(
          companyId,
          s.id,
          mine,
          rows.map((r) => r.id),
          p.at,
          'segment',
        )
      },
      (error) => {
        if (isBusy(error)) throw error
        rolledBack()
        failures.push({ segmentId: s.id, error })
      },
    )
  }
  return failures
}

/**
 * Re-evaluates the segments a change can affect for these profiles, inside the caller's
 * transaction. No hint: every active segment for every profile (the safe default). Returns the
 * segments that failed (their changes rolled back); report them after commit.
 */
export function* reevaluateProfilesOps(
  companyId: number,
  profileIds: string[],
  hint?: ReevaluateHint,
): Ops<ReevaluateFailure[]> {
  const p = yield* prepare(companyId, profileIds, hint)
  if (!p) return []
  const failures = [...p.failures]
  const failed = new Set<string>()
  for (let i = 0; i < p.ids.length; i += BATCH) {
    const f = yield* applyBatch(companyId, p, p.ids.slice(i, i + BATCH), failed)
    for (const x of f) failed.add(x.segmentId)
    failures.push(...f)
  }
  return failures
}

/** SQLite: reevaluateProfilesOps run synchronously inside an existing writeTx. */
export function reevaluateProfilesInTx(
  conn: Database.Database,
  companyId: number,
  profileIds: string[],
  hint?: ReevaluateHint,
): ReevaluateFailure[] {
  return runOpsSync(reevaluateProfilesOps(companyId, profileIds, hint), conn)
}

/** After the triggering write has committed: one transaction per batch of ids; failures are reported. */
export async function reevaluateProfiles(
  companyId: number,
  profileIds: string[],
  hint?: ReevaluateHint,
): Promise<void> {
  const p = await read(prepare(companyId, profileIds, hint))
  if (!p) return
  reportReevaluationFailures(companyId, p.failures)
  const failed = new Set<string>()
  for (let i = 0; i < p.ids.length; i += BATCH) {
    const batch = p.ids.slice(i, i + BATCH)
    const f = await inWriteTx(() => applyBatch(companyId, p, batch, failed))
    // Reported once the transaction has committed (a busy retry runs the generator again).
    for (const x of f) failed.add(x.segmentId)
    reportReevaluationFailures(companyId, f)
  }
}
