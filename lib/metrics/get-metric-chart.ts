// The metric screen's chart: a timeframe and granularity of seed 002 §3.5 in the company's time
// zone, one measurement (q unique, c count, v value), optionally broken down by one property
// with the top groups kept and the rest folded into "other".
import { metricRefOrThrow, firstEventAt } from './get-metric'
import type { MetricFilter } from './filters'
import { runMetricQuery, rowTotal, type EngineRow, type Measurement } from './run-metric-query'
import { sortRows } from './rank-rows'
import { bucketRange, resolveTimeframe, type Granularity, type Timeframe } from './timeframe'
import { formatZonedIso, isValidTimeZone } from './zoned-time'

/** Seed 002 §3.5's letters and the result-mode names, onto the engine's measurements. */
export const MEASUREMENT_NAMES: Record<string, Measurement> = {
  q: 'unique',
  c: 'count',
  v: 'sum_value',
  unique: 'unique',
  uniques: 'unique',
  count: 'count',
  counts: 'count',
  value: 'sum_value',
  values: 'sum_value',
  sum_value: 'sum_value',
}

export interface MetricChartInput {
  timeframe: Timeframe
  granularity: Granularity
  measurement: Measurement
  by?: string
  start?: string
  end?: string
  where?: MetricFilter[]
  sort?: 'asc' | 'desc'
  /** How many groups of a breakdown to keep before folding the rest. */
  limit?: number
}

export interface ChartSeries {
  /** The property's value for this group; null: events without it (or no breakdown). */
  dimension: string | null
  /** The folded remainder of a breakdown. */
  isOther: boolean
  values: number[]
  total: number
}

export async function getMetricChart(
  companyId: number,
  metricId: string,
  companyTimeZone: string,
  input: MetricChartInput,
  now = new Date(),
) {
  const timeZone = isValidTimeZone(companyTimeZone) ? companyTimeZone : 'UTC'
  const metric = await metricRefOrThrow(companyId, metricId)
  const earliest = input.timeframe === 'alltime' ? await firstEventAt(companyId, metric.id) : null
  const range = resolveTimeframe(input.timeframe, { timeZone, now, start: input.start, end: input.end, earliest })
  const buckets = bucketRange(range, input.granularity, timeZone)
  const m = input.measurement
  const base = { companyId, metricId: metric.id, measurements: [m], where: input.where }
  // The headline total over the whole range (for unique it is not the sum of the buckets).
  const [whole] = await runMetricQuery({ ...base, buckets: [{ label: range.start, from: range.start, to: range.end }] })
  const total = whole!.measurements[m]![0]!

  let series: ChartSeries[]
  if (!input.by) {
    const [row] = await runMetricQuery({ ...base, buckets })
    series = [{ dimension: null, isOther: false, values: row!.measurements[m]!, total }]
  } else {
    const limit = input.limit ?? 10
    const rows = await runMetricQuery({ ...base, buckets, by: [input.by] })
    // A group's uniques are its distinct profiles over the whole range (one profile on three days
    // is 1, not 3): one more query over the range grouped by the dimension; counts and values add up.
    const wholeByDim =
      m === 'unique'
        ? new Map(
            (
              await runMetricQuery({
                ...base,
                buckets: [{ label: range.start, from: range.start, to: range.end }],
                by: [input.by],
              })
            ).map((r) => [r.dimensions[0] ?? null, r.measurements[m]![0]!]),
          )
        : null
    const totalOf = (r: EngineRow) => (wholeByDim ? (wholeByDim.get(r.dimensions[0] ?? null) ?? 0) : rowTotal(r, m))
    const ranked = sortRows(rows, { key: m, desc: input.sort !== 'asc' }, totalOf)
    const kept = ranked.slice(0, limit)
    const rest = ranked.slice(limit)
    series = kept.map((r) => ({
      dimension: r.dimensions[0] ?? null,
      isOther: false,
      values: r.measurements[m]!,
      total: totalOf(r),
    }))
    if (rest.length) series.push(await foldOthers(base, buckets, input.by, kept, rest, m))
  }
  return {
    metric: { id: metric.id, name: metric.name },
    timeframe: input.timeframe,
    granularity: input.granularity,
    measurement: m,
    timeZone,
    start: formatZonedIso(timeZone, range.start),
    end: formatZonedIso(timeZone, range.end),
    dates: buckets.map((b) => formatZonedIso(timeZone, b.label)),
    series,
    total,
  }
}

async function foldOthers(
  base: { companyId: number; metricId: string; measurements: Measurement[]; where?: MetricFilter[] },
  buckets: ReturnType<typeof bucketRange>,
  by: string,
  kept: EngineRow[],
  rest: EngineRow[],
  m: Measurement,
): Promise<ChartSeries> {
  if (m !== 'unique') {
    const values = buckets.map((_, i) => rest.reduce((sum, r) => sum + r.measurements[m]![i]!, 0))
    return { dimension: null, isOther: true, values, total: values.reduce((a, b) => a + b, 0) }
  }
  // Distinct profiles do not add up across groups: count the remainder again, exactly.
  const keptValues = kept.map((r) => r.dimensions[0]).filter((d): d is string => d !== null)
  const where: MetricFilter[] = [...(base.where ?? [])]
  if (keptValues.length) where.push({ field: by, op: 'not_in', value: keptValues })
  if (kept.some((r) => r.dimensions[0] === null)) where.push({ field: by, op: 'is_set' })
  const [row] = await runMetricQuery({ ...base, where, buckets })
  const range = { label: buckets[0]!.from, from: buckets[0]!.from, to: buckets[buckets.length - 1]!.to }
  const [whole] = await runMetricQuery({ ...base, where, buckets: [range] })
  return { dimension: null, isOther: true, values: row!.measurements[m]!, total: whole!.measurements[m]![0]! }
}
