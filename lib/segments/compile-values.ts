// SQL expressions that read a value as text, number, boolean or date, shared by the profile
// property and event property conditions. JSON values may be stored as numbers or as the
// strings a CSV import produces, so numbers and booleans are read from both.
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
/** The first second of a date (UTC day) or the instant of a date-time. */
export const startOf = (s: string) => Math.floor(Date.parse(isDateOnly(s) ? s + 'T00:00:00Z' : s) / 1000)
/** The first second after a date (its whole UTC day) or after a date-time. */
export const endExclusive = (s: string) => (isDateOnly(s) ? startOf(s) + 86400 : startOf(s) + 1)

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

export const isSet = (x: Frag): Frag => sql`(${x} IS NOT NULL AND CAST(${x} AS TEXT) NOT IN ('', '[]'))`
export const isNotSet = (x: Frag): Frag => sql`(${x} IS NULL OR CAST(${x} AS TEXT) IN ('', '[]'))`
export const not = (x: Frag): Frag => sql`NOT ${x}`
export { raw }
