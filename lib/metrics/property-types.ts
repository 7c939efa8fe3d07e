// Property names with a type, inferred from stored JSON: the metric dimensions and the profile
// properties share it. Types: string, number, boolean, date, list, object.
import { sql, type RawBuilder } from 'kysely'
import { dbEngine } from '@/lib/db/client'
import { kysely } from '@/lib/db/kysely'
import { read, select } from '@/lib/db/ops'

export type PropertyType = 'string' | 'number' | 'boolean' | 'date' | 'list' | 'object'

export interface PropertyTypeRow {
  key: string
  type: PropertyType | null
  n: number
}

/**
 * (key, type, count) over the JSON objects in the `properties` column of `sample` (a subquery);
 * text that starts like an ISO date is a date. Rows that are not JSON objects count as empty.
 */
export async function sampledPropertyTypes(sample: RawBuilder<{ properties: string }>): Promise<PropertyTypeRow[]> {
  const query =
    dbEngine() === 'postgresql'
      ? sql<PropertyTypeRow>`select j.key as key, case jsonb_typeof(j.value)
          when 'number' then 'number' when 'boolean' then 'boolean' when 'array' then 'list' when 'object' then 'object'
          when 'string' then case when (j.value #>> '{}') ~ '^[0-9]{4}-[0-1][0-9]-[0-3][0-9]' then 'date' else 'string' end
          end as type, count(*) as n
        from (select cast(s.properties as jsonb) as p from (${sample}) s) ev
        cross join lateral jsonb_each(case when jsonb_typeof(ev.p) = 'object' then ev.p else '{}'::jsonb end) j
        group by 1, 2`
      : sql<PropertyTypeRow>`select j.key as key, case j.type
          when 'integer' then 'number' when 'real' then 'number' when 'true' then 'boolean' when 'false' then 'boolean'
          when 'array' then 'list' when 'object' then 'object'
          when 'text' then case when j.value glob '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]*' then 'date' else 'string' end
          end as type, count(*) as n
        from (${sample}) ev,
          json_each(case when not json_valid(ev.properties) then '{}' when json_type(ev.properties) = 'object' then ev.properties else '{}' end) j
        group by 1, 2`
  const rows = await read(select(query.compile(kysely())))
  return rows.map((r) => ({ key: r.key, type: r.type, n: Number(r.n) }))
}

/** Picks each key's most frequent type from (key, type, n) rows; keys seen only as null are strings. */
export function pickTypes(
  rows: Array<{ key: string; type: PropertyType | null; n: number }>,
): Array<{ name: string; type: PropertyType; seen: number }> {
  const byKey = new Map<string, { type: PropertyType | null; best: number; seen: number }>()
  for (const r of rows) {
    const k = byKey.get(r.key) ?? { type: null, best: 0, seen: 0 }
    k.seen += r.n
    if (r.type && r.n > k.best) Object.assign(k, { type: r.type, best: r.n })
    byKey.set(r.key, k)
  }
  return [...byKey.entries()]
    .map(([name, k]) => ({ name, type: k.type ?? 'string', seen: k.seen }))
    .sort((a, b) => b.seen - a.seen || a.name.localeCompare(b.name))
}
