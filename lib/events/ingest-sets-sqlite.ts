// The set-based batch of ingestion on SQLite (issue 22 §4 b): the same steps as on PostgreSQL
// (./ingest-sets-pg.ts), so one all-or-nothing batch runs the same code on both engines. SQLite
// has no round trips to save, so the writes here are prepared single-row statements in a loop;
// what the batch form saves is reading each identifier once per batch (one json_each query per
// company and field instead of a lookup per event), writing each profile's attribute times and
// lastEventAt once per batch instead of once per event, and running the Event inserts back to
// back after the profile work (interleaved with it, each insert cost more: bench/README.md (b)).
import { CompiledQuery } from 'kysely'
import { exec, select, type Ops } from '@/lib/db/ops'
import { dbDate } from '@/lib/db/query-template'
import { insertProfileOps, normalizeProfile, type RawProfile } from '@/lib/profiles/profile-store'
import { getOrCreateMetricOps } from './get-or-create-metric'
import type { EventRow } from './insert-event'
import { idKey, type IdKey, type LookupField, type MetricKey, type NewProfile } from './ingest-sets-pg'

/** A fixed statement whose compiled form is built once (a new one per run showed in profiles). */
function statement(text: string): (params: unknown[]) => CompiledQuery {
  const base = CompiledQuery.raw(text, [])
  return (parameters) => ({ ...base, parameters })
}

const COLUMN: Record<LookupField, string> = {
  id: 'id',
  email: 'email',
  phoneNumber: '"phoneNumber"',
  externalId: '"externalId"',
  anonymousId: '"anonymousId"',
}

/** The keys grouped by company and field: each group is one indexed IN (json_each) query. */
function groups(keys: IdKey[]): { companyId: number; field: LookupField; values: string[] }[] {
  const out = new Map<string, { companyId: number; field: LookupField; values: string[] }>()
  for (const k of keys) {
    const g = `${k.companyId}\u0000${k.field}`
    const entry = out.get(g) ?? { companyId: k.companyId, field: k.field, values: [] }
    entry.values.push(k.value)
    out.set(g, entry)
  }
  return [...out.values()]
}

const lookup = (what: string, field: LookupField, companyId: number, values: string[]) =>
  CompiledQuery.raw(
    `select ${what} from "Profile" where "companyId" = ? and ${COLUMN[field]} in (select value from json_each(?))`,
    [companyId, JSON.stringify(values)],
  )

/** Profile ids of the given identifiers. key → id. */
export function* findProfileIdsOps(keys: IdKey[]): Ops<Map<string, string>> {
  const out = new Map<string, string>()
  for (const { companyId, field, values } of groups(keys)) {
    const rows = yield* select<{ id: string; v: string }>(lookup(`id, ${COLUMN[field]} as v`, field, companyId, values))
    for (const r of rows) out.set(idKey(companyId, field, r.v), r.id)
  }
  return out
}

/** Whole profile rows of the given identifiers. key → row (null: none). */
export function* findProfileRowsOps(keys: IdKey[]): Ops<Map<string, RawProfile | null>> {
  const out = new Map<string, RawProfile | null>()
  for (const k of keys) out.set(idKey(k.companyId, k.field, k.value), null)
  for (const { companyId, field, values } of groups(keys)) {
    const rows = yield* select<Record<string, unknown>>(lookup('*', field, companyId, values))
    for (const r of rows) {
      const row = normalizeProfile(r)
      out.set(idKey(companyId, field, row[field] as string), row)
    }
  }
  return out
}

/** Creates profiles from full rows (newProfileRow); returns the stored rows. One writer: no race to lose. */
export function* createProfileRowsOps(rows: Record<string, unknown>[]): Ops<RawProfile[]> {
  const out: RawProfile[] = []
  for (const row of rows) out.push(yield* insertProfileOps(row))
  return out
}

const CREATE = Object.fromEntries(
  Object.entries(COLUMN).map(([field, col]) => [
    field,
    statement(`insert into "Profile" (id, "companyId", ${col}, properties, "attributeTimes", "createdAt", "updatedAt")
      values (?, ?, ?, ?, ?, ?, ?)`),
  ]),
) as Record<LookupField, (params: unknown[]) => CompiledQuery>

/**
 * Creates profiles known by one identifier each (rows from newProfileRow): only their ids are
 * needed, so nothing is read back. Returns key → id and the ids created.
 */
export function* createProfilesOps(news: NewProfile[]): Ops<{ ids: Map<string, string>; created: Set<string> }> {
  const ids = new Map<string, string>()
  const created = new Set<string>()
  for (const n of news) {
    const { row } = n
    const id = row.id as string
    yield* exec(
      CREATE[n.field]([
        id,
        n.companyId,
        n.value,
        row.properties ?? '{}',
        row.attributeTimes ?? null,
        row.createdAt,
        row.updatedAt,
      ]),
    )
    ids.set(idKey(n.companyId, n.field, n.value), id)
    created.add(id)
  }
  return { ids, created }
}

/** Puts every metric of the batch in the metric cache (a miss is read, or created, once). */
export function* resolveMetricsOps(wanted: MetricKey[]): Ops<void> {
  const seen = new Set<string>()
  for (const m of wanted) {
    const k = `${m.companyId}\u0000${m.name}`
    if (seen.has(k)) continue
    seen.add(k)
    yield* getOrCreateMetricOps(m.companyId, m.name, m.integration || 'api')
  }
}

const EVENT_COLUMNS = `("companyId", "profileId", "metricId", "ts", "value", "currency", "uniqueId", "properties", "createdAt")`
/** Rows per INSERT: a multi-row statement costs SQLite about half the CPU of as many single-row ones. */
const EVENTS_PER_STATEMENT = 50
const insertMany = new Map<number, (params: unknown[]) => CompiledQuery>()
function insertEventsStatement(n: number): (params: unknown[]) => CompiledQuery {
  let s = insertMany.get(n)
  if (!s) {
    const values = Array.from({ length: n }, () => '(?, ?, ?, ?, ?, ?, ?, ?, ?)').join(', ')
    s = statement(
      `insert or ignore into "Event" ${EVENT_COLUMNS} values ${values} returning id, "profileId", "metricId", "uniqueId"`,
    )
    insertMany.set(n, s)
  }
  return s
}

type Returned = { id: number; profileId: string; metricId: string; uniqueId: string | null }
const sameKey = (r: Returned, row: EventRow) =>
  r.profileId === row.profileId && r.metricId === row.metricId && r.uniqueId === (row.uniqueId ?? null)

/**
 * Inserts the events in input order, EVENTS_PER_STATEMENT rows a statement (the same
 * INSERT OR IGNORE as ./insert-event.ts); each row's new id, or null for a duplicate.
 * RETURNING lists only the rows inserted; ids grow in insertion order (one writer, AUTOINCREMENT),
 * so sorted by id they are the inserted rows in input order. An ignored row repeats the key of
 * an earlier one (stored before, or earlier in the batch), never of a later inserted row, so
 * walking both lists in order pairs them exactly.
 */
export function* insertEventsOps(rows: EventRow[], createdAt = dbDate()): Ops<(number | null)[]> {
  const out: (number | null)[] = []
  for (let i = 0; i < rows.length; i += EVENTS_PER_STATEMENT) {
    const chunk = rows.slice(i, i + EVENTS_PER_STATEMENT)
    const params: unknown[] = []
    for (const r of chunk)
      params.push(
        r.companyId,
        r.profileId,
        r.metricId,
        r.ts,
        r.value ?? null,
        r.currency ?? null,
        r.uniqueId ?? null,
        r.properties ?? '{}',
        createdAt,
      )
    const inserted = (yield* select<Returned>(insertEventsStatement(chunk.length)(params))).sort((a, b) => a.id - b.id)
    let j = 0
    for (const row of chunk) {
      const r = inserted[j]
      if (r && sameKey(r, row)) {
        out.push(Number(r.id))
        j++
      } else out.push(null)
    }
  }
  return out
}

/** Profiles per closing UPDATE (a VALUES list joined by id: one statement instead of one each). */
const TOUCHES_PER_STATEMENT = 50
const touchMany = new Map<number, (params: unknown[]) => CompiledQuery>()
function touchStatement(n: number): (params: unknown[]) => CompiledQuery {
  let s = touchMany.get(n)
  if (!s) {
    const values = Array.from({ length: n }, () => '(?, ?, ?, ?)').join(', ')
    s = statement(`with v(id, "companyId", at, times) as (values ${values})
      update "Profile"
         set "lastEventAt" = case when v.at is not null and ("Profile"."lastEventAt" is null or "Profile"."lastEventAt" < v.at)
                                  then v.at else "Profile"."lastEventAt" end,
             "attributeTimes" = coalesce(v.times, "Profile"."attributeTimes")
        from v
       where "Profile".id = v.id and "Profile"."companyId" = v."companyId"
         and (v.times is not null or (v.at is not null and ("Profile"."lastEventAt" is null or "Profile"."lastEventAt" < v.at)))`)
    touchMany.set(n, s)
  }
  return s
}

/** The batch's closing write to each touched profile: lastEventAt forward and deferred times. */
export function* touchProfilesManyOps(
  entries: { id: string; companyId: number; ts?: number | null; times?: string | null }[],
): Ops<void> {
  for (let i = 0; i < entries.length; i += TOUCHES_PER_STATEMENT) {
    const chunk = entries.slice(i, i + TOUCHES_PER_STATEMENT)
    const params: unknown[] = []
    for (const e of chunk)
      params.push(e.id, e.companyId, e.ts == null ? null : dbDate(new Date(e.ts * 1000)), e.times ?? null)
    yield* exec(touchStatement(chunk.length)(params))
  }
}

const TIMES = statement(`update "Profile" set "attributeTimes" = ? where id = ? and "companyId" = ?`)

/** Stores attribute times for many profiles. */
export function* setAttributeTimesManyOps(entries: { id: string; companyId: number; json: string }[]): Ops<void> {
  for (const e of entries) yield* exec(TIMES([e.json, e.id, e.companyId]))
}
