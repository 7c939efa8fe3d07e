// Count and sum of a metric broken down by one event property, per bucket, from
// MetricPropertyRollup (issue 23 §6) instead of the events: a year by category and day reads
// about 8,760 hours × the category's values, not millions of events' JSON.
//
// A property gets a rollup once a report asks for a breakdown by it (registerPropertyDimension,
// run as a job): the registration backfills the metric's stored events with the engine's own
// breakdown expression, and from its commit on the triggers of migration
// 20261129090739_metric_property_rollup keep the rollup exact for every writer. So the answer is
// the events' answer whenever every bucket boundary is a whole UTC hour, as for
// MetricHourlyRollup (rollup-query.ts). Filters, several dimensions, profile or attribution
// dimensions and unique counts still read the events.
import { sql, type RawBuilder } from 'kysely'
import { dbEngine } from '@/lib/db/client'
import { sqliteJsonPath, sumOrZero } from '@/lib/db/dialect'
import { kysely } from '@/lib/db/kysely'
import { exec, inWriteTx, select, selectFirst, type Ops } from '@/lib/db/ops'
import { ATTRIBUTION_DIMENSION_PREFIX, PROFILE_DIMENSION_PREFIX, breakdownSql } from './breakdown-sql'
import { isBuiltInField } from './filters'
import type { Bucket } from './timeframe'

/** Above this many distinct values a rollup saves little over the events; the property is refused. */
export const MAX_ROLLUP_VALUES = 5_000

// The engine's query and row, structurally (run-metric-query.ts imports this file).
interface PropertyQuery {
  companyId: number
  metricId: string
  buckets: readonly Bucket[]
  measurements: readonly string[]
  where?: readonly unknown[]
  by?: readonly string[]
}
type Measurement = 'count' | 'sum_value'
interface PropertyRow {
  dimensions: Array<string | null>
  measurements: Partial<Record<Measurement, number[]>>
}

const HOUR_MS = 3_600_000
const wholeHour = (ms: number) => Number.isFinite(ms) && ms % HOUR_MS === 0
const isRollupMeasurement = (m: string): m is Measurement => m === 'count' || m === 'sum_value'
const round = (n: number) => Math.round(n * 1e6) / 1e6

/** The property a query breaks down by when a property rollup could answer it, else null. */
export function rollupProperty(q: PropertyQuery): string | null {
  if (q.by?.length !== 1 || q.where?.length || !q.measurements.length) return null
  if (!q.measurements.every(isRollupMeasurement)) return null
  if (!q.buckets.every((b) => wholeHour(b.from) && wholeHour(b.to))) return null
  const name = q.by[0]!
  if (name.startsWith(PROFILE_DIMENSION_PREFIX) || name.startsWith(ATTRIBUTION_DIMENSION_PREFIX)) return null
  if (isBuiltInField(name)) return null
  return name
}

/** 'ready', 'refused', or undefined when the property has no rollup yet. */
export function* dimensionStatus(companyId: number, metricId: string, property: string): Ops<string | undefined> {
  const row = yield* selectFirst(
    kysely()
      .selectFrom('MetricPropertyDimension')
      .select('status')
      .where('metricId', '=', metricId)
      .where('property', '=', property)
      .where('companyId', '=', companyId),
  )
  return row?.status
}

function bucketsCte(buckets: readonly Bucket[]): RawBuilder<unknown> {
  const json = JSON.stringify(buckets.map((b) => [b.from / 1000, b.to / 1000]))
  if (dbEngine() === 'postgresql') {
    return sql`with b(i, s, t) as materialized (select cast(x.ord - 1 as integer), cast(x.v ->> 0 as bigint), cast(x.v ->> 1 as bigint)
      from jsonb_array_elements(cast(${json} as jsonb)) with ordinality as x(v, ord))`
  }
  return sql`with b(i, s, t) as materialized (select cast(key as integer), value ->> 0, value ->> 1 from json_each(${json}))`
}

/** The engine's rows for an eligible query whose property is ready, read from the rollup. */
export function* propertyRollupQueryOps(q: PropertyQuery, property: string): Ops<PropertyRow[]> {
  const measurements = [...new Set(q.measurements.filter(isRollupMeasurement))]
  const n = q.buckets.length
  const query = sql<{ i: number; k: string; n: number; v: number }>`${bucketsCte(q.buckets)}
    select b.i as i, r."valueKey" as k, sum(r."count") as n, sum(r."value") as v
    from b join "MetricPropertyRollup" r on r."metricId" = ${q.metricId} and r."property" = ${property}
      and r."hour" >= b.s and r."hour" < b.t and r."companyId" = ${q.companyId}
    group by b.i, r."valueKey"`
  const groups = new Map<string, PropertyRow>()
  for (const r of yield* select(query.compile(kysely()))) {
    if (Number(r.n) === 0) continue
    const key = String(r.k)
    let row = groups.get(key)
    if (!row) {
      const dimensions = [key === 'n' ? null : key.slice(1)]
      row = { dimensions, measurements: Object.fromEntries(measurements.map((m) => [m, new Array<number>(n).fill(0)])) }
      groups.set(key, row)
    }
    if (row.measurements.count) row.measurements.count[Number(r.i)] = round(Number(r.n))
    if (row.measurements.sum_value) row.measurements.sum_value[Number(r.i)] = round(Number(r.v ?? 0))
  }
  return [...groups.values()]
}

/**
 * Makes the rollup of one property of one metric: the dimension row and the backfill of the
 * events stored so far in one transaction. On PostgreSQL the transaction holds off concurrent
 * inserts of events (SHARE lock) so none is both missed by the backfill's snapshot and by the
 * trigger that did not yet see the dimension; SQLite's single writer gives the same for free.
 * A property with more than MAX_ROLLUP_VALUES values is recorded as refused, without rows.
 */
export async function registerPropertyDimension(
  companyId: number,
  metricId: string,
  property: string,
  { maxValues = MAX_ROLLUP_VALUES }: { maxValues?: number } = {},
): Promise<'ready' | 'refused' | 'unknown_metric'> {
  const { dimension, join } = breakdownSql(property, 0) // checks the name (400 keyed `by`)
  return inWriteTx(function* () {
    const metric = yield* selectFirst(
      kysely().selectFrom('Metric').select('id').where('id', '=', metricId).where('companyId', '=', companyId),
    )
    if (!metric) return 'unknown_metric' as const
    const existing = yield* dimensionStatus(companyId, metricId, property)
    if (existing === 'ready' || existing === 'refused') return existing
    if (dbEngine() === 'postgresql') yield* exec(sql`lock table "Event" in share mode`.compile(kysely()))
    const distinct = yield* selectFirst(
      sql<{ n: number }>`select count(*) as n from (select distinct ${dimension} as d from "Event" e${join}
        where e."companyId" = ${companyId} and e."metricId" = ${metricId}) x`.compile(kysely()),
    )
    const refused = Number(distinct?.n ?? 0) > maxValues
    yield* exec(
      kysely()
        .insertInto('MetricPropertyDimension')
        .values({
          metricId,
          property,
          companyId,
          path: sqliteJsonPath(property),
          status: refused ? 'refused' : 'ready',
        }),
    )
    if (refused) return 'refused' as const
    const hour = sql`e.ts - ((e.ts % 3600) + 3600) % 3600`
    const sum = sumOrZero(sql.ref('e.value'))
    yield* exec(
      sql`insert into "MetricPropertyRollup" ("companyId", "metricId", "property", "hour", "valueKey", "count", "value")
        select min(e."companyId"), e."metricId", ${property}, ${hour}, coalesce('v' || ${dimension}, 'n'), count(*), ${sum}
        from "Event" e${join}
        where e."companyId" = ${companyId} and e."metricId" = ${metricId}
        group by e."metricId", ${hour}, coalesce('v' || ${dimension}, 'n')`.compile(kysely()),
    )
    // Fresh statistics: planned as the empty table it was, a report's bucket join scanned the
    // whole rollup once per bucket (2.2 s at 10M events instead of milliseconds).
    if (dbEngine() === 'postgresql') yield* exec(sql`analyze "MetricPropertyRollup"`.compile(kysely()))
    return 'ready' as const
  })
}
