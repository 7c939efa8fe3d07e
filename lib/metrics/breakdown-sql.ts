// A breakdown dimension of the metric engine. A property that holds a list (Categories, Items) is
// broken down by each element: an event with Categories ["A","B"] counts in A and in B, never in
// a series labelled '["A","B"]'. Other values are their text, as before. The elements come from a
// left join per dimension that yields one row per element of an array and one NULL row otherwise
// (an empty list is "no value").
import { sql, type RawBuilder } from 'kysely'
import { dbEngine } from '@/lib/db/client'
import { sqliteJsonPath } from '@/lib/db/dialect'
import { fieldSql, isBuiltInField } from './filters'

export interface BreakdownSql {
  /** Joined after the event `e` (empty for built-in columns). */
  join: RawBuilder<unknown>
  /** The dimension's value for one row of the join. */
  dimension: RawBuilder<unknown>
}

const PROPERTIES = sql.ref('e.properties')

export function breakdownSql(name: string, k: number): BreakdownSql {
  const field = fieldSql(name, 'by') // checks the property name (400 keyed `by`)
  if (isBuiltInField(name) || !field.isArray) return { join: sql``, dimension: field.dimension }
  const alias = sql.ref(`el${k}`)
  if (dbEngine() === 'postgresql') {
    const v = sql`(cast(${PROPERTIES} as jsonb) -> cast(${name} as text))`
    return {
      join: sql` left join lateral jsonb_array_elements(case when jsonb_typeof(${v}) = 'array' then ${v} else '[]'::jsonb end) ${alias}(value) on true`,
      dimension: sql`(case when ${field.isArray} then (case jsonb_typeof(${alias}.value) when 'null' then null else ${alias}.value #>> '{}' end) else ${field.dimension} end)`,
    }
  }
  const path = sqliteJsonPath(name)
  return {
    join: sql` left join json_each(${PROPERTIES}, ${path}) ${alias} on ${field.isArray}`,
    dimension: sql`(case when ${field.isArray} then (case ${alias}.type when 'true' then 'true' when 'false' then 'false' when 'null' then null
      else cast(${alias}.value as text) end) else ${field.dimension} end)`,
  }
}
