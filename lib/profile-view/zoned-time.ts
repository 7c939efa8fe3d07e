// Calendar arithmetic in a company's time zone for the profile page and dashboard cards:
// "today", "the last 7 days" and the timeline's day groups are days of the account's zone.
// The DST-correct core lives in lib/metrics/zoned-time.ts; these are its shapes for Dates.
import { isValidTimeZone, localParts, zonedToUtc, type LocalParts } from '@/lib/metrics/zoned-time'

/** A zone name Intl accepts, else UTC (a bad stored value must not break a screen). */
export function safeTimeZone(timeZone: string | null | undefined): string {
  return isValidTimeZone(timeZone) ? timeZone : 'UTC'
}

export type ZonedParts = LocalParts

export const zonedParts = (date: Date, timeZone: string): ZonedParts => localParts(timeZone, date.getTime())

/** The instant at which the given calendar day starts in the zone (DST-safe). */
export const zonedMidnight = (year: number, month: number, day: number, timeZone: string): Date =>
  new Date(zonedToUtc(timeZone, { year, month, day }))

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
