// The set-based statements of ingestion on PostgreSQL (issue 22 §1): a batch costs a constant
// number of round trips (one query per identifier field, one per table written), not a few per
// event, which is what kept ingestEvents at a twentieth of a raw multi-row INSERT.
// Lock order, so concurrent batches cannot deadlock: every multi-row write feeds its rows
// sorted by key (ORDER BY in the INSERT … SELECT, sorted input to the UPDATE), shared rows
// (metrics, profiles by identifier) are created with ON CONFLICT DO NOTHING and the winners
// re-read, never read-then-insert; and ingest's per-company advisory lock keeps two batches of
// one company (the only ones that share rows) from interleaving at all.
import { CompiledQuery } from 'kysely'
import { exec, select, type Ops } from '@/lib/db/ops'
import { dbDate } from '@/lib/db/query-template'
import { shortId } from '@/lib/ids/make-id'
import { cachedMetricId, rememberMetricId } from './get-or-create-metric'
import type { EventRow } from './insert-event'
import { normalizeProfile, type RawProfile } from '@/lib/profiles/profile-store'

export type LookupField = 'id' | 'email' | 'phoneNumber' | 'externalId' | 'anonymousId'
export interface IdKey {
  companyId: number
  field: LookupField
  value: string
}

const COLUMN: Record<LookupField, string> = {
  id: 'id',
  email: 'email',
  phoneNumber: '"phoneNumber"',
  externalId: '"externalId"',
  anonymousId: '"anonymousId"',
}
/** The batch cache's key of an identifier (ingest-events.ts builds the same). */
export const idKey = (companyId: number, field: string, value: string) => `${companyId}\u0000${field}\u0000${value}`
const byKey = (a: { companyId: number; value: string }, b: { companyId: number; value: string }) =>
  a.companyId - b.companyId || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0)

function byField<T extends { field: LookupField }>(items: T[]): Map<LookupField, T[]> {
  const out = new Map<LookupField, T[]>()
  for (const it of items) out.set(it.field, [...(out.get(it.field) ?? []), it])
  return out
}

/** Profile ids of the given identifiers: one query per identifier field. key → id. */
export function* findProfileIdsOps(keys: IdKey[]): Ops<Map<string, string>> {
  const out = new Map<string, string>()
  for (const [field, ks] of byField(keys)) {
    const col = COLUMN[field]
    const rows = yield* select<{ id: string; c: number; v: string }>(
      CompiledQuery.raw(
        `select p.id, p."companyId" as c, p.${col} as v from "Profile" p
           join unnest($1::int[], $2::text[]) as x(c, v) on p."companyId" = x.c and p.${col} = x.v`,
        [ks.map((k) => k.companyId), ks.map((k) => k.value)],
      ),
    )
    for (const r of rows) out.set(idKey(Number(r.c), field, r.v), r.id)
  }
  return out
}

/** Whole profile rows of the given identifiers: one query per field. key → row (null: none). */
export function* findProfileRowsOps(keys: IdKey[]): Ops<Map<string, RawProfile | null>> {
  const out = new Map<string, RawProfile | null>()
  for (const k of keys) out.set(idKey(k.companyId, k.field, k.value), null)
  for (const [field, ks] of byField(keys)) {
    const col = COLUMN[field]
    const rows = yield* select<Record<string, unknown>>(
      CompiledQuery.raw(
        `select p.* from "Profile" p
           join unnest($1::int[], $2::text[]) as x(c, v) on p."companyId" = x.c and p.${col} = x.v`,
        [ks.map((k) => k.companyId), ks.map((k) => k.value)],
      ),
    )
    for (const r of rows) {
      const row = normalizeProfile(r)
      out.set(idKey(row.companyId, field, row[field] as string), row)
    }
  }
  return out
}

/**
 * Creates profiles from full rows (newProfileRow) in one INSERT … ON CONFLICT DO NOTHING,
 * sorted by id; returns the stored rows (a row another transaction's profile blocked is absent).
 */
export function* createProfileRowsOps(rows: Record<string, unknown>[]): Ops<RawProfile[]> {
  if (!rows.length) return []
  const cols = [...new Set(rows.flatMap((r) => Object.keys(r).filter((k) => r[k] !== undefined)))]
  if (cols.some((c) => !/^[A-Za-z0-9]+$/.test(c))) throw new Error('Unexpected profile column.')
  const list = cols.map((c) => `"${c}"`).join(', ')
  const sorted = [...rows].sort((a, b) => (String(a.id) < String(b.id) ? -1 : 1))
  const stored = yield* select<Record<string, unknown>>(
    CompiledQuery.raw(
      `insert into "Profile" (${list})
         select ${list} from json_populate_recordset(null::"Profile", $1::json)
         on conflict do nothing
         returning *`,
      [JSON.stringify(sorted)],
    ),
  )
  return stored.map(normalizeProfile)
}

export interface NewProfile extends IdKey {
  row: Record<string, unknown>
}

/**
 * Creates profiles known by one identifier each (rows from newProfileRow): one INSERT … ON
 * CONFLICT DO NOTHING per field, in key order; a profile another transaction created first is
 * re-read. Returns key → id and the ids this call created.
 */
export function* createProfilesOps(news: NewProfile[]): Ops<{ ids: Map<string, string>; created: Set<string> }> {
  const ids = new Map<string, string>()
  const created = new Set<string>()
  for (const [field, list] of byField(news)) {
    const col = COLUMN[field]
    const sorted = [...list].sort(byKey)
    const rows = yield* select<{ id: string; c: number; v: string }>(
      CompiledQuery.raw(
        `insert into "Profile" (id, "companyId", ${col}, properties, "attributeTimes", "createdAt", "updatedAt")
           select * from unnest($1::text[], $2::int[], $3::text[], $4::text[], $5::text[], $6::timestamp(3)[], $7::timestamp(3)[])
           on conflict do nothing
           returning id, "companyId" as c, ${col} as v`,
        [
          sorted.map((n) => n.row.id),
          sorted.map((n) => n.companyId),
          sorted.map((n) => n.value),
          sorted.map((n) => n.row.properties ?? '{}'),
          sorted.map((n) => n.row.attributeTimes ?? null),
          sorted.map((n) => n.row.createdAt),
          sorted.map((n) => n.row.updatedAt),
        ],
      ),
    )
    for (const r of rows) {
      ids.set(idKey(Number(r.c), field, r.v), r.id)
      created.add(r.id)
    }
  }
  const lost = news.filter((n) => !ids.has(idKey(n.companyId, n.field, n.value)))
  if (lost.length) for (const [k, id] of yield* findProfileIdsOps(lost)) ids.set(k, id)
  return { ids, created }
}

export interface MetricKey {
  companyId: number
  name: string
  integration: string
}

/** Puts every metric of the batch in the metric cache: one read, one multi-row create, one re-read. */
export function* resolveMetricsOps(wanted: MetricKey[]): Ops<void> {
  const misses = new Map<string, MetricKey>()
  for (const m of wanted) if (!cachedMetricId(m.companyId, m.name)) misses.set(`${m.companyId}\u0000${m.name}`, m)
  if (!misses.size) return
  const read = function* (list: MetricKey[]): Ops<void> {
    const rows = yield* select<{ id: string; c: number; name: string }>(
      CompiledQuery.raw(
        `select m.id, m."companyId" as c, m.name from "Metric" m
           join unnest($1::int[], $2::text[]) as x(c, name) on m."companyId" = x.c and m.name = x.name`,
        [list.map((m) => m.companyId), list.map((m) => m.name)],
      ),
    )
    for (const r of rows) {
      rememberMetricId(Number(r.c), r.name, r.id)
      misses.delete(`${r.c}\u0000${r.name}`)
    }
  }
  yield* read([...misses.values()])
  if (!misses.size) return
  const sorted = [...misses.values()].sort(
    (a, b) => a.companyId - b.companyId || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
  )
  const now = dbDate()
  yield* select(
    CompiledQuery.raw(
      `insert into "Metric" (id, "companyId", name, integration, "createdAt", "updatedAt")
         select x.id, x.c, x.name, x.integration, $5::timestamp(3), $5::timestamp(3)
           from unnest($1::text[], $2::int[], $3::text[], $4::text[]) as x(id, c, name, integration)
         on conflict ("companyId", name) do nothing`,
      [
        sorted.map(() => shortId(6)),
        sorted.map((m) => m.companyId),
        sorted.map((m) => m.name),
        sorted.map((m) => m.integration || 'api'),
        now,
      ],
    ),
  )
  yield* read(sorted)
}

const EVENT_CHUNK = 5000
const CLAIMED_ON = CompiledQuery.raw(`select set_config('app.event_keys_claimed', 'on', true)`, [])
const CLAIMED_OFF = CompiledQuery.raw(`select set_config('app.event_keys_claimed', 'off', true)`, [])

/**
 * Inserts the events in input order, the unique key (companyId, profileId, metricId, uniqueId)
 * deduplicating against stored events and within the batch (the first occurrence wins, as
 * when written one by one). Returns each row's new id, or null for a duplicate.
 */
export function* insertEventsOps(rows: EventRow[], createdAt = dbDate()): Ops<(number | null)[]> {
  const out: (number | null)[] = []
  // The batch claims its unique keys itself, in one statement with the events (below), so the
  // per-row claim trigger (migration event_partitions; its WHEN reads this setting) stands aside
  // for these inserts only: set for the transaction, cleared again right after.
  yield* exec(CLAIMED_ON)
  for (let i = 0; i < rows.length; i += EVENT_CHUNK) {
    const chunk = rows.slice(i, i + EVENT_CHUNK)
    const returned = yield* select<{ id: number | string; p: string; m: string; u: string | null }>(
      CompiledQuery.raw(
        // x: the rows with their ids drawn first (materialized: nextval is volatile); k: their
        // keys claimed in input order, so the first of a repeated key wins and a key stored
        // before, or held by a concurrent transaction until it ends, is not; then the events
        // of the rows without a key or with a claimed one.
        `with x as (
           select nextval('"Event_id_seq"') as id, c, p, m, t, v, cur, u, props, ord
             from unnest($1::int[], $2::text[], $3::text[], $4::int[], $5::float8[], $6::text[], $7::text[], $8::text[])
                  with ordinality as x(c, p, m, t, v, cur, u, props, ord)
         ), k as (
           insert into "EventKey" ("companyId", "profileId", "metricId", "uniqueId", "eventId")
           select c, p, m, u, id from x where u is not null order by ord
           on conflict do nothing
           returning "eventId"
         )
         insert into "Event" (id, "companyId", "profileId", "metricId", ts, value, currency, "uniqueId", properties, "createdAt")
           select id, c, p, m, t, v, cur, u, "event_properties_jsonb"(props), $9::timestamp(3)
             from x
            where u is null or id in (select "eventId" from k)
            order by ord
           returning id, "profileId" as p, "metricId" as m, "uniqueId" as u`,
        [
          chunk.map((r) => r.companyId),
          chunk.map((r) => r.profileId),
          chunk.map((r) => r.metricId),
          chunk.map((r) => r.ts),
          chunk.map((r) => r.value ?? null),
          chunk.map((r) => r.currency ?? null),
          chunk.map((r) => r.uniqueId ?? null),
          chunk.map((r) => r.properties ?? '{}'),
          createdAt,
        ],
      ),
    )
    const keyed = new Map<string, number>()
    const plain: { id: number; p: string; m: string }[] = []
    for (const r of returned) {
      if (r.u === null) plain.push({ id: Number(r.id), p: r.p, m: r.m })
      else keyed.set(`${r.p}\u0000${r.m}\u0000${r.u}`, Number(r.id))
    }
    let next = 0
    for (const r of chunk) {
      if (r.uniqueId == null) {
        // Rows without a unique id always insert, and come back in insertion order.
        const got = plain[next++]
        if (!got || got.p !== r.profileId || got.m !== r.metricId)
          throw new Error('Event insert returned rows out of order.')
        out.push(got.id)
        continue
      }
      const k = `${r.profileId}\u0000${r.metricId}\u0000${r.uniqueId}`
      const id = keyed.get(k)
      keyed.delete(k) // a repeat later in the batch is the duplicate
      out.push(id ?? null)
    }
  }
  yield* exec(CLAIMED_OFF)
  return out
}

/**
 * The batch's closing write to its profiles in one UPDATE (input sorted by profile id): moves
 * lastEventAt forward (`ts`, when given) and stores deferred attribute times (`times`, when
 * given). One statement and one new row version per profile, where a separate UPDATE for each
 * column wrote every touched row twice.
 */
export function* touchProfilesManyOps(
  entries: { id: string; companyId: number; ts?: number | null; times?: string | null }[],
): Ops<void> {
  if (!entries.length) return
  const sorted = [...entries].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
  yield* select(
    CompiledQuery.raw(
      `update "Profile" p
          set "lastEventAt" = case when x.at is not null and (p."lastEventAt" is null or p."lastEventAt" < x.at)
                                   then x.at else p."lastEventAt" end,
              "attributeTimes" = coalesce(x.t, p."attributeTimes")
         from unnest($1::text[], $2::int[], $3::timestamp(3)[], $4::text[]) as x(id, c, at, t)
        where p.id = x.id and p."companyId" = x.c
          and (x.t is not null or (x.at is not null and (p."lastEventAt" is null or p."lastEventAt" < x.at)))`,
      [
        sorted.map((e) => e.id),
        sorted.map((e) => e.companyId),
        sorted.map((e) => (e.ts == null ? null : dbDate(new Date(e.ts * 1000)))),
        sorted.map((e) => e.times ?? null),
      ],
    ),
  )
}

/** Stores attribute times for many profiles in one UPDATE (input sorted by profile id). */
export function* setAttributeTimesManyOps(entries: { id: string; companyId: number; json: string }[]): Ops<void> {
  if (!entries.length) return
  const sorted = [...entries].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
  yield* select(
    CompiledQuery.raw(
      `update "Profile" p set "attributeTimes" = x.t
         from unnest($1::text[], $2::int[], $3::text[]) as x(id, c, t)
        where p.id = x.id and p."companyId" = x.c`,
      [sorted.map((e) => e.id), sorted.map((e) => e.companyId), sorted.map((e) => e.json)],
    ),
  )
}
