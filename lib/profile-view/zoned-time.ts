// Calendar arithmetic in a company's time zone with Intl only (no tz database of our own):
// "today", "the last 7 days" and the timeline's day groups are days of the account's zone.
const partsFormatters = new Map<string, Intl.DateTimeFormat>()

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = partsFormatters.get(timeZone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
    })
    partsFormatters.set(timeZone, f)
  }
  return f
}

/** A zone name Intl accepts, else UTC (a bad stored value must not break a screen). */
export function safeTimeZone(timeZone: string | null | undefined): string {
  if (!timeZone) return 'UTC'
  try {
    formatterFor(timeZone)
    return timeZone
  } catch {
    return 'UTC'
  }
}

export interface ZonedParts { year: number; month: number; day: number; hour: number; minute: number; second: number }

export function zonedParts(date: Date, timeZone: string): ZonedParts {
  const out: Record<string, number> = {}
  for (const p of formatterFor(timeZone).formatToParts(date)) if (p.type !== 'literal') out[p.type] = Number(p.value)
  return { year: out.year!, month: out.month!, day: out.day!, hour: out.hour! % 24, minute: out.minute!, second: out.second! }
}

/** Wall-clock time in the zone minus UTC, in ms, at that instant. */
export function zoneOffsetMs(date: Date, timeZone: string): number {
  const p = zonedParts(date, timeZone)
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second)
  return wall - Math.floor(date.getTime() / 1000) * 1000
}

/** The instant at which the given calendar day starts in the zone (DST-safe). */
export function zonedMidnight(year: number, month: number, day: number, timeZone: string): Date {
  const wall = Date.UTC(year, month - 1, day)
  let t = wall - zoneOffsetMs(new Date(wall), timeZone)
  const second = wall - zoneOffsetMs(new Date(t), timeZone)
  if (second !== t) t = second
  return new Date(t)
}

/** Start of the zone's day that is `daysAgo` days before the day holding `now`. */
export function startOfZonedDay(now: Date, timeZone: string, daysAgo = 0): Date {
  const p = zonedParts(now, timeZone)
  const d = new Date(Date.UTC(p.year, p.month - 1, p.day - daysAgo))
  return zonedMidnight(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), timeZone)
}

/** 'YYYY-MM-DD' of the instant in the zone. */
export function zonedDayKey(date: Date, timeZone: string): string {
  const p = zonedParts(date, timeZone)
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`
}
