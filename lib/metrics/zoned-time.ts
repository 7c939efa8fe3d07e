// Wall-clock arithmetic in an IANA time zone with nothing but Intl: the offset at an instant,
// the local calendar fields of an instant, and the instant of a local wall time. DST-correct:
// a local midnight that falls into a spring-forward gap maps to the first instant of that day,
// and one that occurs twice (a fall-back at midnight) maps to the earlier instant.

export interface CivilDate {
  year: number
  /** 1–12 */
  month: number
  day: number
}

export interface LocalParts extends CivilDate {
  hour: number
  minute: number
  second: number
}

const formatters = new Map<string, Intl.DateTimeFormat>()

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone)
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
      era: 'short',
    })
    formatters.set(timeZone, f)
  }
  return f
}

export function isValidTimeZone(timeZone: unknown): timeZone is string {
  if (typeof timeZone !== 'string' || !timeZone || timeZone.length > 64) return false
  try {
    formatter(timeZone)
    return true
  } catch {
    return false
  }
}

/** The local calendar fields of an instant (ms since the epoch). */
export function localParts(timeZone: string, ms: number): LocalParts {
  const out: Record<string, number> = {}
  let bc = false
  for (const p of formatter(timeZone).formatToParts(new Date(ms))) {
    if (p.type === 'era') bc = p.value === 'BC' || p.value === 'B'
    else if (p.type !== 'literal') out[p.type] = Number(p.value)
  }
  return {
    year: bc ? 1 - out.year! : out.year!,
    month: out.month!,
    day: out.day!,
    hour: out.hour! % 24,
    minute: out.minute!,
    second: out.second!,
  }
}

/** Local time minus UTC at an instant, in ms (New York in winter: -5 h). */
export function offsetMs(timeZone: string, ms: number): number {
  const p = localParts(timeZone, ms)
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second)
  return wall - Math.floor(ms / 1000) * 1000
}

const DAY_MS = 86_400_000

/**
 * The instant of a local wall time. Offsets are looked up a day either side, which holds every
 * real zone (transitions are months apart and offsets stay within ±14 h).
 */
export function zonedToUtc(timeZone: string, d: CivilDate, hour = 0, minute = 0): number {
  const wall = Date.UTC(d.year, d.month - 1, d.day, hour, minute)
  const candidates = [...new Set([offsetMs(timeZone, wall - DAY_MS), offsetMs(timeZone, wall + DAY_MS)])].map(
    (o) => wall - o,
  )
  const exact = candidates.filter((c) => wall - c === offsetMs(timeZone, c))
  // Two exact matches: the wall time happens twice, take the first. None: it falls into a gap,
  // and the first instant after the gap is the later candidate.
  return exact.length ? Math.min(...exact) : Math.max(...candidates)
}

/** '2024-03-10T00:00:00-05:00': an instant written in the zone's local time with its offset. */
export function formatZonedIso(timeZone: string, ms: number): string {
  const p = localParts(timeZone, ms)
  const off = Math.round(offsetMs(timeZone, ms) / 60_000)
  const sign = off < 0 ? '-' : '+'
  const abs = Math.abs(off)
  const pad = (n: number, w = 2) => String(n).padStart(w, '0')
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
}

// Calendar arithmetic on civil dates happens in UTC space, where every day has 24 hours.
export function addDays(d: CivilDate, n: number): CivilDate {
  const t = new Date(Date.UTC(d.year, d.month - 1, d.day + n))
  return { year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate() }
}

export function addMonths(d: CivilDate, n: number): CivilDate {
  const t = new Date(Date.UTC(d.year, d.month - 1 + n, 1))
  return { year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: 1 }
}

/** 0 = Sunday … 6 = Saturday. */
export const weekday = (d: CivilDate) => new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay()

export function startOfWeek(d: CivilDate, weekStartsOn: 0 | 1): CivilDate {
  return addDays(d, -((weekday(d) - weekStartsOn + 7) % 7))
}

export const civilOf = (timeZone: string, ms: number): CivilDate => {
  const { year, month, day } = localParts(timeZone, ms)
  return { year, month, day }
}

/** 'YYYY-MM-DD' → CivilDate, or null when it is not a real calendar date. */
export function parseCivil(s: string): CivilDate | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s)
  if (!m) return null
  const d = { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) }
  const back = addDays(d, 0)
  return back.year === d.year && back.month === d.month && back.day === d.day ? d : null
}
