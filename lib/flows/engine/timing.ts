// Wake-up times of the delay actions: N units after now, then (optionally) the next allowed
// weekday and time of day in a time zone: a named IANA zone, or 'profile' (the profile's own
// $timezone / location.timezone property, else its timezone column, else the company's zone).
import {
  addDays,
  civilOf,
  isValidTimeZone,
  localParts,
  weekday,
  zonedToUtc,
  type CivilDate,
} from '@/lib/metrics/zoned-time'

const UNIT_MS: Record<string, number> = { minutes: 60_000, hours: 3_600_000, days: 86_400_000, weeks: 7 * 86_400_000 }
const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday']

export function unitMs(unit: string | null | undefined): number {
  return UNIT_MS[unit ?? 'days'] ?? UNIT_MS.days!
}

/** "14:30", "14:30:00", "2:30 PM" → minutes after midnight, or null. */
export function parseTimeOfDay(s: string | null | undefined): number | null {
  if (!s) return null
  const m = /^(\d{1,2}):(\d{2})(?::(\d{2}))?\s*(am|pm)?$/i.exec(s.trim())
  if (!m) return null
  let h = Number(m[1])
  const min = Number(m[2])
  const ap = m[4]?.toLowerCase()
  if (ap === 'pm' && h < 12) h += 12
  if (ap === 'am' && h === 12) h = 0
  if (h > 23 || min > 59) return null
  return h * 60 + min
}

/** Weekday names/numbers → set of 0..6 (Sunday 0); null or empty = every day. */
export function weekdaySet(days: Array<string | number> | null | undefined): Set<number> | null {
  if (!days?.length) return null
  const out = new Set<number>()
  for (const d of days) {
    if (typeof d === 'number' && d >= 0 && d <= 6) out.add(d)
    else {
      const i = WEEKDAYS.findIndex((w) => w.startsWith(String(d).toLowerCase().slice(0, 3)))
      if (i >= 0) out.add(i)
    }
  }
  return out.size ? out : null
}

export interface ProfileZoneSource {
  timezone?: string | null
  properties?: Record<string, unknown> | null
}

/** The time zone an action names: IANA, or 'profile' → the profile's own, else the company's. */
export function resolveZone(
  zone: string | null | undefined,
  profile: ProfileZoneSource | null,
  companyZone: string,
): string {
  if (zone && zone !== 'profile' && isValidTimeZone(zone)) return zone
  if (zone === 'profile' && profile) {
    const p = profile.properties ?? {}
    const loc = p.location as Record<string, unknown> | undefined
    for (const c of [p.$timezone, loc?.timezone, p['location.timezone'], profile.timezone])
      if (isValidTimeZone(c)) return c as string
  }
  return isValidTimeZone(companyZone) ? companyZone : 'UTC'
}

/**
 * The first instant at or after `from` that falls on an allowed weekday and (if given) at the
 * local time of day, in `zone`. Without a time of day, an instant on a disallowed day moves to
 * the start of the next allowed day.
 */
export function nextAllowed(from: Date, zone: string, timeOfDay: number | null, days: Set<number> | null): Date {
  const start = from.getTime()
  let day: CivilDate = civilOf(zone, start)
  for (let i = 0; i < 15; i++, day = addDays(day, 1)) {
    if (days && !days.has(weekday(day))) continue
    if (timeOfDay == null) {
      if (i === 0) return from
      return new Date(zonedToUtc(zone, day, 0, 0))
    }
    const at = zonedToUtc(zone, day, Math.floor(timeOfDay / 60), timeOfDay % 60)
    if (at >= start) return new Date(at)
  }
  return from
}

/** A date from a profile or event value: ISO text, a bare day, Unix seconds or ms. */
export function parseDateValue(v: unknown, zone: string): Date | null {
  if (v == null || v === '') return null
  if (typeof v === 'number' && Number.isFinite(v)) return new Date(v < 1e11 ? v * 1000 : v)
  const s = String(v).trim()
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s)
  if (day) return new Date(zonedToUtc(zone, { year: +day[1]!, month: +day[2]!, day: +day[3]! }, 0, 0))
  const t = Date.parse(s)
  return Number.isNaN(t) ? null : new Date(t)
}

export { localParts }
