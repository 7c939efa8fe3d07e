// The public API's metric aggregates (POST /api/metric-aggregates, operation
// query_metric_aggregates): the engine with the vendor's names. The /api layer parses the
// JSON:API body and the filter strings; this returns the attributes { dates, data }.
import { AppError } from '@/lib/errors/app-error'
import { metricRefOrThrow } from './get-metric'
import { type MetricFilter } from './filters'
import { runMetricQuery, MEASUREMENTS, type Measurement } from './run-metric-query'
import { parseSort, sortRows } from './rank-rows'
import { bucketRange, type Granularity } from './timeframe'
import { formatZonedIso, isValidTimeZone } from './zoned-time'

export type AggregateInterval = 'hour' | 'day' | 'week' | 'month'

export interface MetricAggregateQuery {
  metricId: string
  measurements: Array<Measurement>
  interval?: AggregateInterval | null
  /** start inclusive, end exclusive (the vendor's greater-or-equal / less-than on datetime). */
  filter: { start: Date; end: Date; extra?: MetricFilter[] }
  by?: string[] | null
  /** IANA zone; the vendor's default is UTC. */
  timezone?: string | null
  pageSize?: number | null
  pageCursor?: string | null
  sort?: string | null
}

export interface MetricAggregateResult {
  dates: string[]
  data: Array<{ dimensions: string[]; measurements: Record<string, number[]> }>
  /** The cursor of the next page of rows (links.next), when there is one. */
  nextPageCursor?: string
}

const GRANULARITY: Record<AggregateInterval, Granularity> = {
  hour: 'hourly',
  day: 'daily',
  week: 'weekly',
  month: 'monthly',
}
export const DEFAULT_PAGE_SIZE = 500
export const MAX_PAGE_SIZE = 10_000

const invalid = (field: string, message: string) => new AppError('invalid', 400, message, { [field]: [message] })

function pageOffset(cursor: string | null | undefined): number {
  if (!cursor) return 0
  const m = /^o:(\d{1,9})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'))
  const n = m ? Number(m[1]) : NaN
  if (!Number.isSafeInteger(n)) throw invalid('page_cursor', 'The page cursor is not valid.')
  return n
}

export async function queryMetricAggregates(
  companyId: number,
  q: MetricAggregateQuery,
): Promise<MetricAggregateResult> {
  const measurements = [...new Set(q.measurements ?? [])]
  if (!measurements.length) throw invalid('measurements', 'Name at least one measurement.')
  for (const m of measurements) {
    if (!(MEASUREMENTS as readonly string[]).includes(m))
      throw invalid('measurements', `"${m}" is not a measurement (count, sum_value, unique).`)
  }
  const interval = q.interval ?? 'day'
  if (!(interval in GRANULARITY)) throw invalid('interval', 'The interval is hour, day, week or month.')
  const timeZone = q.timezone ?? 'UTC'
  if (!isValidTimeZone(timeZone)) throw invalid('timezone', `"${timeZone}" is not a known time zone.`)
  const start = q.filter?.start?.getTime?.()
  const end = q.filter?.end?.getTime?.()
  if (!Number.isFinite(start) || !Number.isFinite(end))
    throw invalid('filter', 'The filter needs a datetime range (greater-or-equal and less-than).')
  if (end! <= start!) throw invalid('filter', 'The end of the datetime range must be after its start.')
  const by = [...new Set(q.by ?? [])]
  if (by.length > 5) throw invalid('by', 'At most 5 dimensions.')
  const pageSize = q.pageSize ?? DEFAULT_PAGE_SIZE
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAGE_SIZE)
    throw invalid('page_size', `The page size is 1 to ${MAX_PAGE_SIZE}.`)
  const offset = pageOffset(q.pageCursor)
  const sort = parseSort(q.sort ?? undefined, by, measurements[0]!)

  const metric = await metricRefOrThrow(companyId, q.metricId)
  const buckets = bucketRange({ start: start!, end: end! }, GRANULARITY[interval], timeZone, 0, 'interval')
  const rows = sortRows(
    await runMetricQuery({ companyId, metricId: metric.id, buckets, measurements, where: q.filter.extra, by }),
    sort,
  )
  const page = rows.slice(offset, offset + pageSize)
  const result: MetricAggregateResult = {
    dates: buckets.map((b) => formatZonedIso(timeZone, b.label)),
    data: page.map((r) => ({
      dimensions: r.dimensions.map((d) => d ?? ''),
      measurements: Object.fromEntries(measurements.map((m) => [m, r.measurements[m]!])),
    })),
  }
  if (offset + pageSize < rows.length)
    result.nextPageCursor = Buffer.from(`o:${offset + pageSize}`).toString('base64url')
  return result
}
