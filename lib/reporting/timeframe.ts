// Report timeframes: a key (today … last_365_days) or a custom {start, end}, in the company's
// time zone (a custom range's offset is ignored: its wall-clock time is read in the company's
// zone). The span is at most one year.
export const TIMEFRAME_KEYS = [
  'today',
  'yesterday',
  'this_week',
  'last_week',
  'this_month',
  'last_month',
  'this_year',
  'last_year',
  'last_7_days',
  'last_30_days',
  'last_90_days',
  'last_3_months',
  'last_12_months',
  'last_365_days',
] as const
export type TimeframeKey = (typeof TIMEFRAME_KEYS)[number]

export interface Range {
  start: Date
  end: Date
}
export const MAX_SPAN_MS = 366 * 86_400_000

/** The UTC instant of a wall-clock time in a zone. */
export function zonedToUtc(y: number, mo: number, d: number, h: number, mi: number, s: number, tz: string): Date {
  const guess = Date.UTC(y, mo, d, h, mi, s)
  const off = (t: number) => {
    const p = Object.fromEntries(
      new Intl.DateTimeFormat('en-US', {
        timeZone: tz,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      })
        .formatToParts(new Date(t))
        .filter((x) => x.type !== 'literal')
        .map((x) => [x.type, Number(x.value)]),
    )
    return Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!) - t
  }
  const first = guess - off(guess)
  return new Date(guess - off(first))
}

/** Wall-clock parts of an instant in a zone. */
export function partsIn(t: Date, tz: string) {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      weekday: 'short',
    })
      .formatToParts(t)
      .filter((x) => x.type !== 'literal')
      .map((x) => [x.type, x.value]),
  )
  return {
    y: Number(p.year),
    m: Number(p.month) - 1,
    d: Number(p.day),
    dow: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(p.weekday!),
  }
}

export function keyRange(key: TimeframeKey, now: Date, tz: string): Range {
  const { y, m, d, dow } = partsIn(now, tz)
  const day = (yy: number, mm: number, dd: number) => zonedToUtc(yy, mm, dd, 0, 0, 0, tz)
  const today = day(y, m, d)
  const tomorrow = day(y, m, d + 1)
  switch (key) {
    case 'today':
      return { start: today, end: now }
    case 'yesterday':
      return { start: day(y, m, d - 1), end: today }
    case 'this_week':
      return { start: day(y, m, d - dow), end: now }
    case 'last_week':
      return { start: day(y, m, d - dow - 7), end: day(y, m, d - dow) }
    case 'this_month':
      return { start: day(y, m, 1), end: now }
    case 'last_month':
      return { start: day(y, m - 1, 1), end: day(y, m, 1) }
    case 'this_year':
      return { start: day(y, 0, 1), end: now }
    case 'last_year':
      return { start: day(y - 1, 0, 1), end: day(y, 0, 1) }
    case 'last_7_days':
      return { start: day(y, m, d - 7), end: tomorrow }
    case 'last_30_days':
      return { start: day(y, m, d - 30), end: tomorrow }
    case 'last_90_days':
      return { start: day(y, m, d - 90), end: tomorrow }
    case 'last_3_months':
      return { start: day(y, m - 3, d), end: tomorrow }
    case 'last_12_months':
      return { start: day(y - 1, m, d), end: tomorrow }
    case 'last_365_days':
      return { start: day(y, m, d - 365), end: tomorrow }
  }
}

/** A custom range: the wall-clock parts of start and end read in the company's zone. */
export function customRange(start: string, end: string, tz: string): Range | { error: string } {
  const parse = (s: string) => {
    const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?$/.exec(s)
    if (!m) return null
    return zonedToUtc(+m[1]!, +m[2]! - 1, +m[3]!, +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0), tz)
  }
  const a = parse(start)
  const b = parse(end)
  if (!a || Number.isNaN(a.getTime())) return { error: `"${start}" is not a valid datetime.` }
  if (!b || Number.isNaN(b.getTime())) return { error: `"${end}" is not a valid datetime.` }
  if (b <= a) return { error: 'The timeframe end must be after its start.' }
  return { start: a, end: b }
}

export const spanTooLong = (r: Range) => r.end.getTime() - r.start.getTime() > MAX_SPAN_MS
