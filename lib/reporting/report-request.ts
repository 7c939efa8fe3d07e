// The request side of the reporting API (/api/flow-values-reports, /api/flow-series-reports,
// /api/segment-values-reports, /api/segment-series-reports): statistics, timeframe (a key or a
// custom range read in the company's zone, at most a year), interval and its span limits,
// group_by with its required members, and the filter (scalar attributes equals / contains-any or
// the segment reports' any; one filter per attribute; at most 100 items), each problem a
// JSON:API error with the pointer of its field. (/api/campaign-values-reports has its own parser
// in values-report-api.ts, written first; the rules are the same.)
import { ApiError, type ErrorSource } from '@/lib/api/api-error'
import { flattenAnd, parseFilter, FilterSyntaxError } from '@/lib/api/filter-parser'
import { db } from '@/lib/db/client'
import {
  TIMEFRAME_KEYS,
  customRange,
  keyRange,
  spanTooLong,
  zonedToUtc,
  type Range,
  type TimeframeKey,
} from './timeframe'

export const INTERVALS = ['hourly', 'daily', 'weekly', 'monthly'] as const
export type Interval = (typeof INTERVALS)[number]
/** The longest span each interval allows (the vendor's: 7 days, 60 days, 52 weeks; weekly: the year). */
const INTERVAL_SPAN_MS: Record<Interval, number> = {
  hourly: 7 * 86_400_000,
  daily: 60 * 86_400_000,
  weekly: 366 * 86_400_000,
  monthly: 52 * 7 * 86_400_000,
}
const SEND_CHANNELS = ['email', 'sms', 'push-notification', 'whatsapp']

export interface ReportSpec {
  type: string
  statistics: readonly string[]
  conversionMetric: boolean
  series: boolean
  groupBy?: { allowed: readonly string[]; required: readonly string[]; default: readonly string[] }
  /** Filterable attributes and their operators. */
  filters: Record<string, readonly string[]>
}

export interface ParsedRequest {
  statistics: string[]
  range: Range
  timeZone: string
  interval: Interval | null
  conversionMetricId: string | null
  groupBy: string[]
  /** attribute → the values it must be one of */
  filter: Record<string, string[]>
}

type Problem = { detail: string; source: ErrorSource }
const at = (p: string, detail: string): Problem => ({ detail, source: { pointer: '/data/attributes' + p } })

export async function parseReportRequest(
  companyId: number,
  body: unknown,
  spec: ReportSpec,
  now: Date,
): Promise<ParsedRequest> {
  const problems: Problem[] = []
  const data = (body as { data?: { type?: unknown; attributes?: Record<string, unknown> } } | null)?.data
  if (!data || typeof data !== 'object')
    throw ApiError.many(400, [{ detail: 'The body must be {"data": {...}}.', source: { pointer: '/data' } }])
  if (data.type !== spec.type)
    problems.push({ detail: `"type" must be "${spec.type}".`, source: { pointer: '/data/type' } })
  const a = data.attributes && typeof data.attributes === 'object' ? data.attributes : {}

  const statistics: string[] = []
  if (!Array.isArray(a.statistics) || a.statistics.length === 0)
    problems.push(at('/statistics', 'statistics is required: a non-empty list of statistic names.'))
  else
    for (const [i, s] of a.statistics.entries()) {
      if (typeof s !== 'string' || !spec.statistics.includes(s))
        problems.push(
          at(
            `/statistics/${i}`,
            `"${String(s)}" is not a valid statistic. Valid statistics: ${spec.statistics.join(', ')}.`,
          ),
        )
      else if (!statistics.includes(s)) statistics.push(s)
    }

  let conversionMetricId: string | null = null
  if (spec.conversionMetric) {
    const cm = a.conversion_metric_id
    if (typeof cm !== 'string' || !cm) problems.push(at('/conversion_metric_id', 'conversion_metric_id is required.'))
    else if (!(await db.metric.findFirst({ where: { companyId, id: cm }, select: { id: true } })))
      problems.push(at('/conversion_metric_id', `The metric "${cm}" does not exist.`))
    else conversionMetricId = cm
  }

  const company = await db.company.findUnique({ where: { id: companyId }, select: { timezone: true } })
  const timeZone = company?.timezone || 'UTC'
  let range: Range | null = null
  const tf = a.timeframe as Record<string, unknown> | undefined
  if (!tf || typeof tf !== 'object')
    problems.push(at('/timeframe', 'timeframe is required: {"key": …} or {"start": …, "end": …}.'))
  else if (tf.key !== undefined) {
    if (typeof tf.key !== 'string' || !(TIMEFRAME_KEYS as readonly string[]).includes(tf.key))
      problems.push(
        at(
          '/timeframe/key',
          `"${String(tf.key)}" is not a valid timeframe key. Valid keys: ${TIMEFRAME_KEYS.join(', ')}.`,
        ),
      )
    else range = keyRange(tf.key as TimeframeKey, now, timeZone)
  } else if (typeof tf.start !== 'string' || typeof tf.end !== 'string') {
    problems.push(at('/timeframe', 'A custom timeframe needs both "start" and "end".'))
  } else {
    const r = customRange(tf.start, tf.end, timeZone)
    if ('error' in r) problems.push(at('/timeframe', r.error))
    else if (spanTooLong(r)) problems.push(at('/timeframe', 'The timeframe cannot be longer than 1 year.'))
    else range = r
  }

  let interval: Interval | null = null
  if (spec.series) {
    if (typeof a.interval !== 'string' || !(INTERVALS as readonly string[]).includes(a.interval))
      problems.push(at('/interval', `interval is required: one of ${INTERVALS.join(', ')}.`))
    else {
      interval = a.interval as Interval
      if (range && range.end.getTime() - range.start.getTime() > INTERVAL_SPAN_MS[interval]) {
        const limit = { hourly: '7 days', daily: '60 days', weekly: '1 year', monthly: '52 weeks' }[interval]
        problems.push(at('/interval', `With the ${interval} interval the timeframe cannot be longer than ${limit}.`))
      }
    }
  }

  let groupBy = spec.groupBy ? [...spec.groupBy.default] : []
  if (spec.groupBy && a.group_by !== undefined && a.group_by !== null) {
    const g = spec.groupBy
    if (!Array.isArray(a.group_by) || a.group_by.some((x) => typeof x !== 'string' || !g.allowed.includes(x))) {
      problems.push(at('/group_by', `group_by must be a list of: ${g.allowed.join(', ')}.`))
    } else {
      const missing = g.required.filter((r) => !(a.group_by as string[]).includes(r))
      if (missing.length)
        problems.push(
          at('/group_by', `group_by must include ${g.required.join(' and ')} (missing: ${missing.join(', ')}).`),
        )
      else groupBy = [...new Set(a.group_by as string[])]
    }
  }

  const filter: Record<string, string[]> = {}
  if (a.filter !== undefined && a.filter !== null && a.filter !== '') {
    if (typeof a.filter !== 'string') problems.push(at('/filter', 'filter must be a string.'))
    else {
      try {
        for (const c of flattenAnd(parseFilter(a.filter))) {
          const ops = spec.filters[c.field]
          if (!ops) {
            problems.push(
              at(
                '/filter',
                `Filtering on "${c.field}" is not supported. Allowed fields: ${Object.keys(spec.filters).join(', ')}.`,
              ),
            )
            continue
          }
          if (!ops.includes(c.op)) {
            problems.push(
              at('/filter', `The operator "${c.op}" is not allowed for "${c.field}". Allowed: ${ops.join(', ')}.`),
            )
            continue
          }
          if (filter[c.field]) {
            problems.push(at('/filter', `Only one filter per attribute: "${c.field}" is filtered twice.`))
            continue
          }
          const list = c.op !== 'equals'
          if (list && !Array.isArray(c.value)) {
            problems.push(at('/filter', `"${c.op}" needs a list, e.g. ${c.op}(${c.field},["a","b"]).`))
            continue
          }
          if (!list && (Array.isArray(c.value) || c.value === undefined)) {
            problems.push(at('/filter', '"equals" takes a single value.'))
            continue
          }
          const values = (Array.isArray(c.value) ? c.value : [c.value]).map(String)
          if (values.length > 100) {
            problems.push(at('/filter', 'A filter list holds at most 100 items.'))
            continue
          }
          const bad = c.field === 'send_channel' ? values.find((v) => !SEND_CHANNELS.includes(v)) : undefined
          if (bad !== undefined) {
            problems.push(at('/filter', `"${bad}" is not a valid send_channel. Valid: ${SEND_CHANNELS.join(', ')}.`))
            continue
          }
          filter[c.field] = values
        }
      } catch (e) {
        if (!(e instanceof FilterSyntaxError)) throw e
        problems.push(at('/filter', `Invalid filter: ${e.message}`))
      }
    }
  }
  if (problems.length) throw ApiError.many(400, problems)
  return { statistics, range: range!, timeZone, interval, conversionMetricId, groupBy, filter }
}

/** The bucket starts of a series: every hour, day, week (from the range's first day) or calendar month in the zone. */
export function bucketStarts(range: Range, interval: Interval, timeZone: string): Date[] {
  const out: Date[] = []
  if (interval === 'hourly') {
    for (let t = Math.floor(range.start.getTime() / 3_600_000) * 3_600_000; t < range.end.getTime(); t += 3_600_000)
      out.push(new Date(t))
    return out
  }
  const fmt = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' })
  const parts = (d: Date) =>
    Object.fromEntries(
      fmt
        .formatToParts(d)
        .filter((p) => p.type !== 'literal')
        .map((p) => [p.type, Number(p.value)]),
    )
  const p = parts(range.start)
  // A day start from zonedToUtc is exact across DST changes.
  const y = p.year!
  let m = p.month! - 1,
    d = interval === 'monthly' ? 1 : p.day!
  for (let i = 0; i < 400; i++) {
    const start = zonedToUtc(y, m, d, 0, 0, 0, timeZone)
    if (start >= range.end) break
    out.push(start)
    if (interval === 'daily') d += 1
    else if (interval === 'weekly') d += 7
    else m += 1
  }
  // The first bucket starts with the range even when the range starts inside a day or month.
  if (out.length && out[0]! > range.start) out.unshift(range.start)
  if (out.length && out[0]! < range.start) out[0] = range.start
  return out
}

export const apiDateTime = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, '+00:00')
