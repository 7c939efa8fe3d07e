// Django's |date format characters (https://docs.djangoproject.com/en/stable/ref/templates/builtins/#date),
// computed in an IANA time zone with Intl; month and day names in the render's locale.

export interface DateFormatEnv {
  timeZone: string
  locale: string
  now: Date
}

const NAMED_FORMATS: Record<string, string> = {
  DATE_FORMAT: 'N j, Y',
  DATETIME_FORMAT: 'N j, Y, P',
  SHORT_DATE_FORMAT: 'm/d/Y',
  SHORT_DATETIME_FORMAT: 'm/d/Y P',
  TIME_FORMAT: 'P',
  YEAR_MONTH_FORMAT: 'F Y',
  MONTH_DAY_FORMAT: 'F j',
}
// Django's AP-style month abbreviations (format character N)
const AP_MONTHS = ['Jan.', 'Feb.', 'March', 'April', 'May', 'June', 'July', 'Aug.', 'Sept.', 'Oct.', 'Nov.', 'Dec.']

/** Reads a template value as an instant; a date-only string is a calendar date (kept in UTC). */
export function toDate(value: unknown, now: Date): { date: Date; dateOnly: boolean } | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : { date: value, dateOnly: false }
  if (typeof value === 'number' && Number.isFinite(value)) {
    // seconds since the epoch (event timestamps) unless clearly milliseconds
    return { date: new Date(Math.abs(value) < 1e11 ? value * 1000 : value), dateOnly: false }
  }
  if (typeof value !== 'string') return null
  const s = value.trim()
  if (s.toLowerCase() === 'now') return { date: now, dateOnly: false }
  if (/^\d{4}-\d{2}-\d{2}$/.test(s)) {
    const d = new Date(`${s}T00:00:00Z`)
    return Number.isNaN(d.getTime()) ? null : { date: d, dateOnly: true }
  }
  // "2026-03-05 14:30:00" without a zone is UTC, as the event API stores it
  const noZone = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(s)
  const d = new Date(noZone ? `${s.replace(' ', 'T')}Z` : s)
  return Number.isNaN(d.getTime()) ? null : { date: d, dateOnly: false }
}

const partsFormatters = new Map<string, Intl.DateTimeFormat>()
function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = partsFormatters.get(timeZone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
    partsFormatters.set(timeZone, f)
  }
  return f
}

const nameCache = new Map<string, { months: string[]; monthsShort: string[]; days: string[]; daysShort: string[] }>()
function names(locale: string) {
  let n = nameCache.get(locale)
  if (!n) {
    const fmt = (opts: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, { ...opts, timeZone: 'UTC' })
    const month = fmt({ month: 'long' })
    const monthShort = fmt({ month: 'short' })
    const day = fmt({ weekday: 'long' })
    const dayShort = fmt({ weekday: 'short' })
    const months = Array.from({ length: 12 }, (_, m) => new Date(Date.UTC(2021, m, 15)))
    const days = Array.from({ length: 7 }, (_, d) => new Date(Date.UTC(2021, 0, 3 + d))) // 2021-01-03 was a Sunday
    n = {
      months: months.map((d) => month.format(d)),
      monthsShort: months.map((d) => monthShort.format(d).replace(/\.$/, '')),
      days: days.map((d) => day.format(d)),
      daysShort: days.map((d) => dayShort.format(d).replace(/\.$/, '')),
    }
    nameCache.set(locale, n)
  }
  return n
}

function zoneAbbreviation(date: Date, timeZone: string): string {
  try {
    const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' })
      .formatToParts(date)
      .find((p) => p.type === 'timeZoneName')
    return part?.value ?? ''
  } catch {
    return ''
  }
}

const pad = (n: number, width = 2) => String(Math.abs(Math.trunc(n))).padStart(width, '0')

function ordinal(day: number): string {
  if (day % 100 >= 11 && day % 100 <= 13) return 'th'
  return ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[day % 10] ?? 'th'
}

function isoWeek(y: number, m: number, d: number): { week: number; year: number } {
  const t = new Date(Date.UTC(y, m - 1, d))
  const dow = t.getUTCDay() || 7
  t.setUTCDate(t.getUTCDate() + 4 - dow)
  const yearStart = Date.UTC(t.getUTCFullYear(), 0, 1)
  return { week: Math.ceil(((t.getTime() - yearStart) / 86400000 + 1) / 7), year: t.getUTCFullYear() }
}

export function formatDjangoDate(value: unknown, format: unknown, env: DateFormatEnv): string {
  const parsed = toDate(value, env.now)
  if (!parsed) return ''
  let spec = typeof format === 'string' && format !== '' ? format : 'DATE_FORMAT'
  spec = NAMED_FORMATS[spec] ?? spec
  const timeZone = parsed.dateOnly ? 'UTC' : env.timeZone
  const date = parsed.date
  let p: Record<string, number>
  try {
    p = Object.fromEntries(
      partsFormatter(timeZone)
        .formatToParts(date)
        .filter((x) => x.type !== 'literal')
        .map((x) => [x.type, Number(x.value)]),
    )
  } catch {
    return ''
  }
  const { year: Y, month: n, day: j, hour: G, minute: i, second: s } = p
  const offsetMin = Math.round((Date.UTC(Y, n - 1, j, G, i, s) - Math.floor(date.getTime() / 1000) * 1000) / 60000)
  const nm = names(env.locale)
  const dow = new Date(Date.UTC(Y, n - 1, j)).getUTCDay()
  const g = G % 12 === 0 ? 12 : G % 12
  const leap = (Y % 4 === 0 && Y % 100 !== 0) || Y % 400 === 0
  const offset = (colon: boolean) =>
    `${offsetMin < 0 ? '-' : '+'}${pad(Math.abs(offsetMin) / 60)}${colon ? ':' : ''}${pad(Math.abs(offsetMin) % 60)}`
  const f = () => (i === 0 ? String(g) : `${g}:${pad(i)}`)
  const dstOffsets = () => {
    // the zone's offsets in January and July: the smaller one is standard time
    const at = (month: number) => {
      const q = Object.fromEntries(
        partsFormatter(timeZone)
          .formatToParts(new Date(Date.UTC(Y, month, 1)))
          .filter((x) => x.type !== 'literal')
          .map((x) => [x.type, Number(x.value)]),
      )
      return (Date.UTC(q.year, q.month - 1, q.day, q.hour, q.minute) - Date.UTC(Y, month, 1)) / 60000
    }
    return Math.min(at(0), at(6))
  }
  const chars: Record<string, () => string> = {
    a: () => (G < 12 ? 'a.m.' : 'p.m.'),
    A: () => (G < 12 ? 'AM' : 'PM'),
    b: () => nm.monthsShort[n - 1].slice(0, 3).toLowerCase(),
    c: () => `${Y}-${pad(n)}-${pad(j)}T${pad(G)}:${pad(i)}:${pad(s)}${offset(true)}`,
    d: () => pad(j),
    D: () => nm.daysShort[dow],
    e: () => timeZone,
    E: () => nm.months[n - 1],
    f,
    F: () => nm.months[n - 1],
    g: () => String(g),
    G: () => String(G),
    h: () => pad(g),
    H: () => pad(G),
    i: () => pad(i),
    I: () => (offsetMin > dstOffsets() ? '1' : '0'),
    j: () => String(j),
    l: () => nm.days[dow],
    L: () => (leap ? 'True' : 'False'),
    m: () => pad(n),
    M: () => nm.monthsShort[n - 1],
    n: () => String(n),
    N: () => (env.locale.startsWith('en') ? AP_MONTHS[n - 1] : nm.monthsShort[n - 1]),
    o: () => String(isoWeek(Y, n, j).year),
    O: () => offset(false),
    P: () => (G === 0 && i === 0 ? 'midnight' : G === 12 && i === 0 ? 'noon' : `${f()} ${G < 12 ? 'a.m.' : 'p.m.'}`),
    r: () =>
      `${nm.daysShort[dow]}, ${pad(j)} ${nm.monthsShort[n - 1]} ${Y} ${pad(G)}:${pad(i)}:${pad(s)} ${offset(false)}`,
    s: () => pad(s),
    S: () => ordinal(j),
    t: () => String(new Date(Date.UTC(Y, n, 0)).getUTCDate()),
    T: () => (timeZone === 'UTC' ? 'UTC' : zoneAbbreviation(date, timeZone)),
    u: () => pad((date.getTime() % 1000) * 1000, 6),
    U: () => String(Math.floor(date.getTime() / 1000)),
    w: () => String(dow),
    W: () => String(isoWeek(Y, n, j).week),
    y: () => pad(Y % 100),
    Y: () => String(Y),
    z: () => String(Math.round((Date.UTC(Y, n - 1, j) - Date.UTC(Y, 0, 1)) / 86400000) + 1),
    Z: () => String(offsetMin * 60),
  }
  let out = ''
  for (let k = 0; k < spec.length; k++) {
    const ch = spec[k]
    if (ch === '\\') {
      out += spec[++k] ?? ''
      continue
    }
    out += chars[ch] ? chars[ch]() : ch
  }
  return out
}
