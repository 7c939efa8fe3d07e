// Count and sum of a metric per bucket from MetricHourlyRollup (issue 22 §2) instead of the
// events: a 90-day daily count reads about 2,000 rollup rows, not every event. The rollup is
// kept exact by triggers on "Event" (migration 20261129063000_metric_hourly_rollup), so the
// answer is the events' answer whenever every bucket boundary is a whole UTC hour: true for
// day, week and month buckets in zones with whole-hour offsets, and for hour buckets. Filters,
// breakdowns and unique counts need the events themselves (rollupEligible says no).
import { sql, type RawBuilder } from 'kysely'
import { dbEngine } from '@/lib/db/client'
import { kysely } from '@/lib/db/kysely'
import { select, type Ops } from '@/lib/db/ops'
import type { Bucket } from './timeframe'

// The engine's query and row, structurally (run-metric-query.ts imports this file).
interface RollupQuery {
  companyId: number
  metricId: string
  buckets: readonly Bucket[]
  measurements: readonly string[]
  where?: readonly unknown[]
  by?: readonly string[]
}
type Measurement = 'count' | 'sum_value'
interface RollupRow {
  dimensions: never[]
  measurements: Partial<Record<Measurement, number[]>>
}

const HOUR_MS = 3_600_000
const isRollupMeasurement = (m: string): m is Measurement => m === 'count' || m === 'sum_value'

const wholeHour = (ms: number) => Number.isFinite(ms) && ms % HOUR_MS === 0

/** Whether the rollup gives exactly the events' answer for this query. */
export function rollupEligible(q: RollupQuery): boolean {
  if (q.by?.length || q.where?.length || !q.measurements.length) return false
  if (!q.measurements.every(isRollupMeasurement)) return false
  return q.buckets.every((b: Bucket) => wholeHour(b.from) && wholeHour(b.to))
}

function column(m: Measurement): RawBuilder<number> {
  return m === 'count' ? sql`coalesce(sum(r."count"), 0)` : sql`coalesce(sum(r."value"), 0)`
}

function bucketsCte(buckets: readonly Bucket[]): RawBuilder<unknown> {
  const json = JSON.stringify(buckets.map((b) => [b.from / 1000, b.to / 1000]))
  if (dbEngine() === 'postgresql') {
    return sql`with b(i, s, t) as materialized (select cast(x.ord - 1 as integer), cast(x.v ->> 0 as bigint), cast(x.v ->> 1 as bigint)
      from jsonb_array_elements(cast(${json} as jsonb)) with ordinality as x(v, ord))`
  }
  return sql`with b(i, s, t) as materialized (select cast(key as integer), value ->> 0, value ->> 1 from json_each(${json}))`
}

const round = (n: number) => Math.round(n * 1e6) / 1e6

/** The engine's row for an eligible query, read from the rollup (one range scan per bucket). */
export function* rollupQueryOps(q: RollupQuery): Ops<RollupRow[]> {
  const measurements = [...new Set(q.measurements.filter(isRollupMeasurement))]
  const cols = measurements.map(
    (m) => sql`(select ${column(m)} from "MetricHourlyRollup" r
      where r."metricId" = ${q.metricId} and r."companyId" = ${q.companyId} and r."hour" >= b.s and r."hour" < b.t) as ${sql.ref(m)}`,
  )
  const query = sql<
    Record<string, unknown>
  >`${bucketsCte(q.buckets)} select b.i as i, ${sql.join(cols)} from b order by b.i`
  const row: RollupRow = {
    dimensions: [],
    measurements: Object.fromEntries(measurements.map((m) => [m, new Array<number>(q.buckets.length).fill(0)])),
  }
  for (const r of yield* select(query.compile(kysely()))) {
    for (const m of measurements) row.measurements[m]![Number(r.i)] = round(Number(r[m] ?? 0))
  }
  return [row]
}
