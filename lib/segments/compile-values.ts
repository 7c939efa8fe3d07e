// SQL expressions that read a value as text, number, boolean or date, shared by the profile
// property and event property conditions. JSON values may be stored as numbers or as the
// strings a CSV import produces, so numbers and booleans are read from both.
import { addDays, zonedToUtc } from '@/lib/metrics/zoned-time'
import { sql, raw, likeEscape, type Frag } from './sql-fragment'

/** A number, or NULL when the value is neither a JSON number nor a numeric text. */
export const numeric = (x: Frag): Frag => sql`(CASE WHEN typeof(${x}) IN ('integer','real') THEN ${x} WHEN typeof(${x}) = 'text' AND trim(${x}) GLOB '*[0-9]*' AND NOT trim(${x}) GLOB '*[^0-9.eE+-]*' THEN CAST(trim(${x}) AS REAL) END)`

/** 1, 0 or NULL; `type` is the json_type() of the value when it comes from JSON. */
export const boolish = (x: Frag, type: Frag | null): Frag => {
  const fromText = sql`(CASE lower(CAST(${x} AS TEXT)) WHEN 'true' THEN 1 WHEN 'false' THEN 0 WHEN '1' THEN 1 WHEN '0' THEN 0 END)`
  return type ? sql`(CASE ${type} WHEN 'true' THEN 1 WHEN 'false' THEN 0 ELSE ${fromText} END)` : fromText
}

/** Unix seconds: ISO text through unixepoch(); numbers are taken as Unix seconds (or ms). */
export const unixSeconds = (x: Frag): Frag =>
  sql`(CASE WHEN typeof(${x}) IN ('integer','real') THEN (CASE WHEN ${x} > 100000000000 THEN ${x} / 1000 ELSE ${x} END) ELSE unixepoch(${x}) END)`

export const isDateOnly = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s)

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?$/
const civil = (s: string) => ({ year: Number(s.slice(0, 4)), month: Number(s.slice(5, 7)), day: Number(s.slice(8, 10)) })

/**
 * Unix seconds of a definition's date in the company's time zone: a date is the first instant
 * of that local day (23 or 25 hours long on DST days), a date-time without an offset is a local
 * wall time, and one with an offset (or Z) is that instant.
 */
export function startOf(s: string, timeZone = 'UTC'): number {
  if (isDateOnly(s)) return Math.floor(zonedToUtc(timeZone, civil(s)) / 1000)
  const m = LOCAL_DATE_TIME.exec(s)
  if (m) {
    const ms = zonedToUtc(timeZone, civil(s), Number(m[4]), Number(m[5])) + Number(m[6] ?? 0) * 1000 + Number((m[7] ?? '').padEnd(3, '0'))
    return Math.floor(ms / 1000)
  }
  return Math.floor(Date.parse(s) / 1000)
}

/** The first second after a date (its whole local day: the start of the next day) or after a date-time. */
export function endExclusive(s: string, timeZone = 'UTC'): number {
  return isDateOnly(s) ? Math.floor(zonedToUtc(timeZone, addDays(civil(s), 1)) / 1000) : startOf(s, timeZone) + 1
}

export type TextOp = 'equals' | 'not_equals' | 'contains' | 'not_contains' | 'starts_with' | 'ends_with'

/** Case-insensitive text comparisons; "not" operators also match a missing value. */
export function textCompare(x: Frag, op: TextOp, value: string): Frag {
  const t = sql`CAST(${x} AS TEXT)`
  const like = (pattern: string) => sql`${t} LIKE ${pattern} ESCAPE '\\'`
  const v = likeEscape(value)
  switch (op) {
    case 'equals': return sql`${t} = ${value} COLLATE NOCASE`
    case 'not_equals': return sql`(${x} IS NULL OR ${t} <> ${value} COLLATE NOCASE)`
    case 'contains': return like(`%${v}%`)
    case 'not_contains': return sql`(${x} IS NULL OR NOT ${like(`%${v}%`)})`
    case 'starts_with': return like(`${v}%`)
    case 'ends_with': return like(`%${v}`)
  }
}

/** A stored date without a time ('1990-05-01', as imports write birthdays): a calendar day, not an instant. */
export const isDayText = (x: Frag): Frag =>
  sql`(typeof(${x}) = 'text' AND length(${x}) = 10 AND ${x} GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]')`

export const isSet = (x: Frag): Frag => sql`(${x} IS NOT NULL AND CAST(${x} AS TEXT) NOT IN ('', '[]'))`
export const isNotSet = (x: Frag): Frag => sql`(${x} IS NULL OR CAST(${x} AS TEXT) IN ('', '[]'))`
export const not = (x: Frag): Frag => sql`NOT ${x}`
export { raw }
