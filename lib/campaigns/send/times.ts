// Time zone arithmetic of the send strategies: a wall-clock time ("09:00 on 1 Nov") in each
// recipient's own zone, across DST changes, with one Intl formatter per zone.
const HOUR = 3_600_000
/** The first zone to reach a wall-clock time is UTC+14, the last UTC−12. */
const EARLIEST_OFFSET = 14 * HOUR
const LATEST_OFFSET = 12 * HOUR

const formatters = new Map<string, Intl.DateTimeFormat | null>()
function formatter(tz: string): Intl.DateTimeFormat | null {
  let f = formatters.get(tz)
  if (f === undefined) {
    try {
      f = new Intl.DateTimeFormat('en-US', {
        timeZone: tz,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      })
    } catch {
      f = null
    }
    formatters.set(tz, f)
  }
  return f
}

export const isValidTimeZone = (tz: string | null | undefined): tz is string => !!tz && formatter(tz) !== null

/** The wall clock of `instant` in `tz`, as milliseconds of the same fields read as UTC. */
export function wallOf(instant: number, tz: string): number {
  const f = formatter(tz)
  if (!f) return instant
  const p: Record<string, number> = {}
  for (const part of f.formatToParts(new Date(instant))) if (part.type !== 'literal') p[part.type] = Number(part.value)
  return Date.UTC(p.year!, p.month! - 1, p.day!, p.hour === 24 ? 0 : p.hour!, p.minute!, p.second!)
}

/** Offset of `tz` at `instant` (wall − UTC), ms. */
export const offsetAt = (instant: number, tz: string): number => wallOf(instant, tz) - Math.floor(instant / 1000) * 1000

/**
 * The instant at which the wall clock in `tz` shows `wall` (ms, fields read as UTC). A time that
 * does not exist (spring forward) moves forward by the gap; an ambiguous one (fall back) is the
 * first of the two.
 */
export function zonedWallToUtc(wall: number, tz: string): number {
  if (!formatter(tz)) return wall
  const o1 = offsetAt(wall - 14 * HOUR, tz)
  const o2 = offsetAt(wall + 14 * HOUR, tz)
  // Candidates: the wall read with each offset around it; keep those that really show `wall`.
  const candidates = [...new Set([wall - o1, wall - o2])].sort((a, b) => a - b)
  for (const c of candidates) if (wallOf(c, tz) === wall) return c
  // In a gap: the wall time does not exist; the instant after the gap with the same distance.
  return wall - Math.min(o1, o2)
}

/** The wall-clock part of an ISO datetime ("2026-11-01T09:00:00-05:00" → 09:00 on 1 Nov), as UTC ms. */
export function localWallClock(datetime: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?/.exec(datetime.trim())
  if (!m) return NaN
  return Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0))
}

/** A date-only string (smart send time) → its midnight, as UTC ms; null if invalid. */
export function smartSendDate(date: string | undefined | null): number | null {
  if (!date || !/^\d{4}-\d{2}-\d{2}/.test(date)) return null
  const d = localWallClock(date.slice(0, 10))
  return Number.isNaN(d) ? null : d
}

/** When the first time zone reaches a wall-clock time. */
export const earliestStart = (wall: number) => wall - EARLIEST_OFFSET
/** When the last time zone passes it. */
export const latestEnd = (wall: number) => wall + LATEST_OFFSET

/** Hour of the day (0–23) of `instant` in `tz`. */
export const localHour = (instant: number, tz: string): number => new Date(wallOf(instant, tz)).getUTCHours()
