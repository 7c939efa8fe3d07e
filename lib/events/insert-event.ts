// The one INSERT for events. OR IGNORE / ON CONFLICT DO NOTHING on the unique key (companyId, profileId,
// metricId, uniqueId): a repeated unique_id for the same profile and metric keeps the first
// event, and re-running an ingest job after a crash cannot duplicate anything (NULL uniqueIds
// never collide on either engine, so events without one are inserted as given).
import { kysely } from '@/lib/db/kysely'
import { dbEngine } from '@/lib/db/client'
import { exec, execInsertSqlite, selectFirst, type Ops } from '@/lib/db/ops'
import { dbDate, queryTemplate } from '@/lib/db/query-template'
import { sql } from 'kysely'

export interface EventRow {
  companyId: number
  profileId: string
  metricId: string
  ts: number
  value?: number | null
  currency?: string | null
  uniqueId?: string | null
  properties?: string
}

// PostgreSQL stores the JSON text as jsonb through the migration's cast (…_event_properties_jsonb),
// which drops the "\u0000" escapes jsonb refuses instead of failing the insert.
export const pgProperties = (text: string) => sql<string>`"event_properties_jsonb"(${text})`

type Args = [number, string, string, number, number | null, string | null, string | null, string, string]
const insert = (...[companyId, profileId, metricId, ts, value, currency, uniqueId, properties, createdAt]: Args) =>
  kysely()
    .insertInto('Event')
    .values({
      companyId,
      profileId,
      metricId,
      ts,
      value,
      currency,
      uniqueId,
      properties: dbEngine() === 'postgresql' ? pgProperties(properties) : properties,
      createdAt: createdAt as never,
    })
// SQLite: INSERT OR IGNORE and the rowid (an upsert clause with RETURNING costs SQLite about
// three times the insert); PostgreSQL: ON CONFLICT DO NOTHING RETURNING id.
const INSERT_SQLITE = queryTemplate(9, (...a: Args) => insert(...a).orIgnore())
const INSERT_PG = queryTemplate(9, (...a: Args) =>
  insert(...a)
    .onConflict((oc) => oc.doNothing())
    .returning('id'),
)

/** Returns the new event id, or null when the unique_id was already recorded. */
export function* insertEventOps(row: EventRow, createdAt = dbDate()): Ops<number | null> {
  const args: Args = [
    row.companyId,
    row.profileId,
    row.metricId,
    row.ts,
    row.value ?? null,
    row.currency ?? null,
    row.uniqueId ?? null,
    row.properties ?? '{}',
    createdAt,
  ]
  if (dbEngine() === 'sqlite') return (yield* execInsertSqlite(INSERT_SQLITE(...args))).rowid
  const r = yield* selectFirst(INSERT_PG(...args))
  return r ? Number(r.id) : null
}

const TOUCH = queryTemplate(4, (at: string, companyId: number, profileId: string, at2: string) =>
  kysely()
    .updateTable('Profile')
    .set({ lastEventAt: at as never })
    .where('companyId', '=', companyId)
    .where('id', '=', profileId)
    .where((eb) => eb.or([eb('lastEventAt', 'is', null), eb('lastEventAt', '<', at2 as never)])),
)

/** lastEventAt only moves forward (events may arrive out of order). */
export function* touchLastEventAtOps(companyId: number, profileId: string, ts: number): Ops<number> {
  const at = dbDate(new Date(ts * 1000))
  return yield* exec(TOUCH(at, companyId, profileId, at))
}

// PostgreSQL: the event and its profile's lastEventAt in one statement (a round trip fewer for a
// message event, e.g. every inbound SMS): the UPDATE runs only when the INSERT returned a row.
const INSERT_TOUCHING_PG = queryTemplate(11, (...a: [...Args, string, string]) =>
  kysely()
    .with('e', (db) =>
      db
        .insertInto('Event')
        .values({
          companyId: a[0],
          profileId: a[1],
          metricId: a[2],
          ts: a[3],
          value: a[4],
          currency: a[5],
          uniqueId: a[6],
          properties: pgProperties(a[7]),
          createdAt: a[8] as never,
        })
        .onConflict((oc) => oc.doNothing())
        .returning('id'),
    )
    .with('t', (db) =>
      db
        .updateTable('Profile')
        .set({ lastEventAt: a[9] as never })
        .where('companyId', '=', a[0])
        .where('id', '=', a[1])
        .where((eb) => eb.or([eb('lastEventAt', 'is', null), eb('lastEventAt', '<', a[10] as never)]))
        .where(sql<boolean>`exists (select 1 from e)`)
        .returning('id'),
    )
    .selectFrom('e')
    .select('e.id'),
)

/**
 * insertEventOps, then touchLastEventAtOps when the event is new (one statement on PostgreSQL).
 * Returns the new event id, or null when the unique_id was already recorded.
 */
export function* insertEventTouchingOps(row: EventRow): Ops<number | null> {
  if (dbEngine() === 'sqlite') {
    const id = yield* insertEventOps(row)
    if (id !== null) yield* touchLastEventAtOps(row.companyId, row.profileId, row.ts)
    return id
  }
  const at = dbDate(new Date(row.ts * 1000))
  const r = yield* selectFirst(
    INSERT_TOUCHING_PG(
      row.companyId,
      row.profileId,
      row.metricId,
      row.ts,
      row.value ?? null,
      row.currency ?? null,
      row.uniqueId ?? null,
      row.properties ?? '{}',
      dbDate(),
      at,
      at,
    ),
  )
  return r ? Number(r.id) : null
}
