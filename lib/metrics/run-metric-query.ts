// The one metric query engine (seed 002 §3.5: where, sum, by), used by the /ajax chart and by
// /api/metric-aggregates, on SQLite and PostgreSQL alike. Set-based SQL on the
// (companyId, metricId, ts) index:
//  - The buckets are a boundary table computed in JavaScript (lib/metrics/timeframe.ts) and
//    bound as one JSON parameter, so a bucket is whatever [from, to) the time zone says: DST days
//    of 23 or 25 hours and months are exact, and both engines bucket identically.
//  - Without `by`, each bucket is a correlated range scan on the index. COUNT(*) never leaves
//    the index, so a daily count costs what a bare COUNT(*) over the same rows costs; a
//    GROUP BY on computed bucket numbers was 6× slower on SQLite (it sorts every row).
//  - With `by`, one join of buckets and events grouped by bucket and dimension values; a list
//    property is broken down by each of its elements (breakdown-sql.ts).
import { sql, type RawBuilder } from 'kysely'
import { dbEngine } from '@/lib/db/client'
import { sumOrZero } from '@/lib/db/dialect'
import { kysely } from '@/lib/db/kysely'
import { read, select, type Ops } from '@/lib/db/ops'
import { breakdownSql } from './breakdown-sql'
import { compileWhere, type MetricFilter } from './filters'
import { dimensionStatus, propertyRollupQueryOps, rollupProperty } from './property-rollup'
import { rollupEligible, rollupQueryOps } from './rollup-query'
import type { Bucket } from './timeframe'

export const MEASUREMENTS = ['count', 'sum_value', 'unique'] as const
export type Measurement = (typeof MEASUREMENTS)[number]

function aggregate(m: Measurement): RawBuilder<number> {
  switch (m) {
    case 'count':
      return sql`count(*)`
    case 'sum_value':
      return sumOrZero(sql.ref('e.value'))
    case 'unique':
      return sql`count(distinct e."profileId")`
  }
}

export interface EngineQuery {
  companyId: number
  metricId: string
  buckets: readonly Bucket[]
  measurements: readonly Measurement[]
  where?: readonly MetricFilter[]
  by?: readonly string[]
  /** Read the events even where a rollup (hourly, or by property) would answer (tests and benchmarks compare the two). */
  eventsOnly?: boolean
}

export interface EngineRow {
  /** One value per `by` name; null where the event lacks the property. */
  dimensions: Array<string | null>
  measurements: Partial<Record<Measurement, number[]>>
}

// Event times are whole seconds: a second s lies in [from, to) ms when ceil(from) ≤ s < ceil(to).
const toSeconds = (ms: number) => Math.ceil(ms / 1000)
const round = (n: number) => Math.round(n * 1e6) / 1e6

/** The bucket table b(i, s, t): index, first second, end second (exclusive). */
function bucketsCte(buckets: readonly Bucket[]): RawBuilder<unknown> {
  const json = JSON.stringify(buckets.map((b) => [toSeconds(b.from), toSeconds(b.to)]))
  if (dbEngine() === 'postgresql') {
    return sql`with b(i, s, t) as materialized (select cast(x.ord - 1 as integer), cast(x.v ->> 0 as bigint), cast(x.v ->> 1 as bigint)
      from jsonb_array_elements(cast(${json} as jsonb)) with ordinality as x(v, ord))`
  }
  return sql`with b(i, s, t) as materialized (select cast(key as integer), value ->> 0, value ->> 1 from json_each(${json}))`
}

const eventsInBucket = (q: EngineQuery) =>
  sql`e."companyId" = ${q.companyId} and e."metricId" = ${q.metricId} and e.ts >= b.s and e.ts < b.t`

function dimensionText(v: unknown): string | null {
  if (v === null || v === undefined) return null
  if (typeof v === 'bigint') return v.toString()
  return String(v)
}

/** The engine's query as database work (composable with other ops). */
export function* metricQueryOps(q: EngineQuery): Ops<EngineRow[]> {
  if (rollupEligible(q) && !q.eventsOnly) return yield* rollupQueryOps(q)
  const property = q.eventsOnly ? null : rollupProperty(q)
  if (property && (yield* dimensionStatus(q.companyId, q.metricId, property)) === 'ready')
    return yield* propertyRollupQueryOps(q, property)
  const where = compileWhere(q.where)
  const andWhere = where ? sql` and ${where}` : sql``
  const measurements = [...new Set(q.measurements)]
  const n = q.buckets.length
  const zeros = () => new Array<number>(n).fill(0)
  const cte = bucketsCte(q.buckets)

  if (!q.by?.length) {
    const cols = measurements.map(
      (m) => sql`(select ${aggregate(m)} from "Event" e where ${eventsInBucket(q)}${andWhere}) as ${sql.ref(m)}`,
    )
    const query = sql<Record<string, unknown>>`${cte} select b.i as i, ${sql.join(cols)} from b order by b.i`
    const row: EngineRow = { dimensions: [], measurements: Object.fromEntries(measurements.map((m) => [m, zeros()])) }
    for (const r of yield* select(query.compile(kysely()))) {
      for (const m of measurements) row.measurements[m]![Number(r.i)] = round(Number(r[m] ?? 0))
    }
    return [row]
  }

  const breakdowns = q.by.map((name, k) => breakdownSql(name, k))
  const dims = breakdowns.map((b) => b.dimension)
  const dimCols = dims.map((d, k) => sql`${d} as ${sql.ref(`d${k}`)}`)
  const aggCols = measurements.map((m) => sql`${aggregate(m)} as ${sql.ref(m)}`)
  const groupBy = dims.map((_, k) => sql.ref(`d${k}`))
  const query = sql<Record<string, unknown>>`${cte} select b.i as i, ${sql.join([...dimCols, ...aggCols])}
    from b join "Event" e on ${eventsInBucket(q)}${andWhere}${sql.join(
      breakdowns.map((b) => b.join),
      sql``,
    )}
    group by b.i, ${sql.join(groupBy)}`
  const groups = new Map<string, EngineRow>()
  for (const r of yield* select(query.compile(kysely()))) {
    const dimensions = dims.map((_, k) => dimensionText(r[`d${k}`]))
    const key = JSON.stringify(dimensions)
    let row = groups.get(key)
    if (!row)
      groups.set(key, (row = { dimensions, measurements: Object.fromEntries(measurements.map((m) => [m, zeros()])) }))
    for (const m of measurements) row.measurements[m]![Number(r.i)] = round(Number(r[m] ?? 0))
  }
  return [...groups.values()]
}

/** Runs the engine's query (synchronously on SQLite, on one pooled connection on PostgreSQL). */
export function runMetricQuery(q: EngineQuery): Promise<EngineRow[]> {
  return read(metricQueryOps(q))
}

export const rowTotal = (row: EngineRow, m: Measurement) =>
  round((row.measurements[m] ?? []).reduce((a, b) => a + b, 0))
