// Properties that identify the event rather than describe it (an order id, a checkout token): in
// a sample they take a different value on (almost) every event, so a breakdown by them has as many
// series as events and says nothing. The metric's breakdown choices leave them out.
import { sql, type RawBuilder } from 'kysely'
import { dbEngine } from '@/lib/db/client'
import { kysely } from '@/lib/db/kysely'
import { read, select } from '@/lib/db/ops'

/** Fewer events than this say nothing about uniqueness. */
export const MIN_EVENTS_FOR_UNIQUENESS = 20
/** Distinct values per event at or above this share make a property unique per event. */
export const UNIQUE_SHARE = 0.9

export function isUniquePerEvent(events: number, distinct: number): boolean {
  return events >= MIN_EVENTS_FOR_UNIQUENESS && distinct >= UNIQUE_SHARE * events
}

/** The scalar properties of the sampled events whose values are (almost) all different. */
export async function uniquePerEventProperties(sample: RawBuilder<{ properties: string }>): Promise<Set<string>> {
  const query =
    dbEngine() === 'postgresql'
      ? sql<{
          key: string
          n: number
          d: number
        }>`select j.key as key, count(*) as n, count(distinct j.value #>> '{}') as d
        from (select cast(s.properties as jsonb) as p from (${sample}) s) ev
        cross join lateral jsonb_each(case when jsonb_typeof(ev.p) = 'object' then ev.p else '{}'::jsonb end) j
        where jsonb_typeof(j.value) in ('string', 'number')
        group by 1`
      : sql<{ key: string; n: number; d: number }>`select j.key as key, count(*) as n, count(distinct j.value) as d
        from (${sample}) ev,
          json_each(case when not json_valid(ev.properties) then '{}' when json_type(ev.properties) = 'object' then ev.properties else '{}' end) j
        where j.type in ('text', 'integer', 'real')
        group by 1`
  const rows = await read(select(query.compile(kysely())))
  return new Set(rows.filter((r) => isUniquePerEvent(Number(r.n), Number(r.d))).map((r) => r.key))
}
