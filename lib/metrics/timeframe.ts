// The 22 timeframe ranges and the granularities of seed 002 §3.5, resolved in a company's time
// zone. Pure: `now` is injected, so the tests pin it. Every range ends at the end of a local
// period (today, this week, this month …), so a chart's last bucket is whole and a day bucket
// always starts at local midnight, whatever DST does in between.
import { AppError } from '@/lib/errors/app-error'
import { addDays, addMonths, civilOf, parseCivil, startOfWeek, zonedToUtc, type CivilDate } from './zoned-time'

export const TIMEFRAMES = [
  'alltime',
  'today',
  'yesterday',
  'this_week',
  'last_7_days',
  'last_week',
  'last_4_weeks',
  'last_13_weeks',
  'last_26_weeks',
  'last_52_weeks',
  'this_month',
  'last_30_days',
  'last_month',
  'last_90_days',
  'last_3_months',
  'last_6_months',
  'last_365_days',
  'last_12_months',
  'last_24_months',
  'this_year',
  'last_year',
  'custom',
] as const
export type Timeframe = (typeof TIMEFRAMES)[number]

/** Seed 002 §3.5's granularities, plus hourly for the public API's interval "hour". */
export const GRANULARITIES = ['alltime', 'daily', 'weekly', 'monthly', 'hourly'] as const
export type Granularity = (typeof GRANULARITIES)[number]

/** The most buckets one query may ask for (a year of hours fits). */
export const MAX_BUCKETS = 10_000

export interface TimeRange {
  /** Inclusive, ms since the epoch. */
  start: number
  /** Exclusive. */
  end: number
}

export interface ResolveOptions {
  timeZone: string
  now?: Date
  /** custom: 'YYYY-MM-DD' (a whole local day; the end day is included) or an ISO date-time. */
  start?: string | Date
  end?: string | Date
  /** alltime: the first event's time; without it alltime is today. */
  earliest?: Date | null
  /** 0 Sunday (the default, as the vendor's US calendar), 1 Monday. */
  weekStartsOn?: 0 | 1
}

const invalid = (field: string, message: string) => new AppError('invalid', 400, message, { [field]: [message] })

function boundary(value: string | Date | undefined, timeZone: string, field: 'start' | 'end'): number {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw invalid(field, 'Enter a valid date.')
    return value.getTime()
  }
  if (typeof value !== 'string' || !value) throw invalid(field, 'A custom timeframe needs a start and an end.')
  const civil = parseCivil(value)
  if (civil) return zonedToUtc(timeZone, field === 'end' ? addDays(civil, 1) : civil)
  // A date-time without an offset is local wall time in the company's zone.
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/.exec(value)
  if (m) {
    const day = parseCivil(m[1]!)
    if (day && Number(m[2]) < 24 && Number(m[3]) < 60)
      return zonedToUtc(timeZone, day, Number(m[2]), Number(m[3])) + Number(m[4] ?? 0) * 1000
  }
  const t = /^\d{4}-\d{2}-\d{2}T/.test(value) ? Date.parse(value) : NaN
  if (Number.isNaN(t)) throw invalid(field, 'Enter a valid date.')
  return t
}

export function resolveTimeframe(range: Timeframe, opts: ResolveOptions): TimeRange {
  const tz = opts.timeZone
  const now = (opts.now ?? new Date()).getTime()
  const today = civilOf(tz, now)
  const tomorrow = addDays(today, 1)
  const week = startOfWeek(today, opts.weekStartsOn ?? 0)
  const month: CivilDate = { ...today, day: 1 }
  const year: CivilDate = { year: today.year, month: 1, day: 1 }
  const at = (d: CivilDate) => zonedToUtc(tz, d)
  const span = (from: CivilDate, to: CivilDate): TimeRange => ({ start: at(from), end: at(to) })
  const lastDays = (n: number) => span(addDays(today, 1 - n), tomorrow)
  const lastWeeks = (n: number) => span(addDays(week, -7 * (n - 1)), addDays(week, 7))
  const lastMonths = (n: number) => span(addMonths(month, 1 - n), addMonths(month, 1))

  switch (range) {
    case 'alltime': {
      const first = opts.earliest ? civilOf(tz, opts.earliest.getTime()) : today
      return span(first, tomorrow)
    }
    case 'today':
      return span(today, tomorrow)
    case 'yesterday':
      return span(addDays(today, -1), today)
    case 'this_week':
      return span(week, addDays(week, 7))
    case 'last_7_days':
      return lastDays(7)
    case 'last_week':
      return span(addDays(week, -7), week)
    case 'last_4_weeks':
      return lastWeeks(4)
    case 'last_13_weeks':
      return lastWeeks(13)
    case 'last_26_weeks':
      return lastWeeks(26)
    case 'last_52_weeks':
      return lastWeeks(52)
    case 'this_month':
      return span(month, addMonths(month, 1))
    case 'last_30_days':
      return lastDays(30)
    case 'last_month':
      return span(addMonths(month, -1), month)
    case 'last_90_days':
      return lastDays(90)
    case 'last_3_months':
      return lastMonths(3)
    case 'last_6_months':
      return lastMonths(6)
    case 'last_365_days':
      return lastDays(365)
    case 'last_12_months':
      return lastMonths(12)
    case 'last_24_months':
      return lastMonths(24)
    case 'this_year':
      return span(year, { year: year.year + 1, month: 1, day: 1 })
    case 'last_year':
      return span({ year: year.year - 1, month: 1, day: 1 }, year)
    case 'custom': {
      const start = boundary(opts.start, tz, 'start')
      const end = boundary(opts.end, tz, 'end')
      if (end <= start) throw invalid('end', 'The end must be after the start.')
      return { start, end }
    }
  }
}

export interface Bucket {
  /** The aligned start of the bucket (its label), ms; the first may lie before the range. */
  label: number
  /** The part of the range the bucket covers, [from, to) in ms. */
  from: number
  to: number
}

/**
 * The buckets of a range: aligned to local hours, midnights, week starts or first days of the
 * month in the zone, clipped to the range. Empty buckets are still buckets (filled with 0).
 */
export function bucketRange(
  range: TimeRange,
  granularity: Granularity,
  timeZone: string,
  weekStartsOn: 0 | 1 = 0,
  errorField = 'granularity',
): Bucket[] {
  if (granularity === 'alltime') return [{ label: range.start, from: range.start, to: range.end }]
  const labels: number[] = []
  const push = (t: number) => {
    labels.push(t)
    if (labels.length > MAX_BUCKETS + 1) throw invalid(errorField, 'The timeframe is too long for this granularity.')
  }
  if (granularity === 'hourly') {
    // Hours step in real time; aligning the first to a local hour keeps :30 zones on the hour.
    let t = zonedToUtc(timeZone, civilOf(timeZone, range.start))
    while (t + 3_600_000 <= range.start) t += 3_600_000
    for (; t < range.end; t += 3_600_000) push(t)
  } else {
    let d = civilOf(timeZone, range.start)
    if (granularity === 'weekly') d = startOfWeek(d, weekStartsOn)
    if (granularity === 'monthly') d = { ...d, day: 1 }
    const next = (c: CivilDate) =>
      granularity === 'daily' ? addDays(c, 1) : granularity === 'weekly' ? addDays(c, 7) : addMonths(c, 1)
    for (let t = zonedToUtc(timeZone, d); t < range.end; d = next(d), t = zonedToUtc(timeZone, d)) push(t)
  }
  return labels.map((label, i) => ({
    label,
    from: Math.max(label, range.start),
    to: Math.min(labels[i + 1] ?? range.end, range.end),
  }))
}
