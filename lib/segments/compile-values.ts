// SQL expressions that read a value as text, number, boolean or date, shared by the profile
// property and event property conditions, for either engine. JSON values may be stored as
// numbers or as the strings a CSV import produces, so numbers and booleans are read from both.
// A value source (Val) says how to read one value; the readers below give the same answers on
// SQLite and PostgreSQL (the segment scenario tables run on both).
import { jsonNumber, jsonText } from '@/lib/db/dialect'
import { assertPropertyName } from '@/lib/db/json-path'
import { addDays, zonedToUtc } from '@/lib/metrics/zoned-time'
import { sql, raw, likeEscape, isPostgres, jsonKeyPath, type Frag } from './sql-fragment'

/** How to read one value: a text column, a DateTime column, a number column or a key of a JSON column. */
export type Val =
  | { kind: 'text'; col: Frag }
  | { kind: 'datetime'; col: Frag }
  | { kind: 'number'; col: Frag }
  | { kind: 'json'; col: Frag; key: string }

/** A JSON column's key (checked: a name that cannot be used is a 400 keyed `field`). */
export function jsonVal(col: Frag, key: string, field: string): Val {
  assertPropertyName(key, field)
  return { kind: 'json', col, key }
}

/** The value as text: JSON strings as they are, numbers and booleans as their JSON text; NULL when missing. */
export function textOf(v: Val): Frag {
  switch (v.kind) {
    case 'json':
      return jsonText(v.col, v.key)
    case 'text':
      return v.col
    default:
      return sql`CAST(${v.col} AS TEXT)`
  }
}

/** A number, or NULL when the value is neither a number nor a text that is exactly a JSON number. */
export function numeric(v: Val): Frag {
  switch (v.kind) {
    case 'json':
      return jsonNumber(v.col, v.key)
    case 'number':
      return v.col
    default:
      return raw('NULL')
  }
}

/** 1, 0 or NULL: true/false (JSON booleans or text, any case) and 1/0. */
export function boolish(v: Val): Frag {
  return sql`(CASE lower(${textOf(v)}) WHEN 'true' THEN 1 WHEN 'false' THEN 0 WHEN '1' THEN 1 WHEN '0' THEN 0 END)`
}

// Text that PostgreSQL casts to a timestamp without an error: the shape, and every field in
// range (hours 00-23, offsets up to ±14:59, year 0001 on). The day is checked against its month
// by validDay() below, so '2020-02-30' reads as no date rather than failing the query.
const PG_DATE_TEXT =
  '^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])([T ]([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9]([.][0-9]+)?)?)?([Zz]|[+-](0[0-9]|1[0-4])(:?[0-5][0-9])?)?$'
const PG_OFFSET = '([Zz]|[+-][0-9]{2}(:?[0-9]{2})?)$'
const PG_DAY_PREFIX = '^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])'

/**
 * The text starts with a real calendar day (YYYY-MM-DD: no 2020-02-30, no 2021-02-29, no year
 * 0000): a pure SQL expression on both engines. SQLite's date() would roll 02-30 over to 03-01,
 * so the day must come back from it unchanged; on PostgreSQL the day is compared with the length
 * of its month (the casts only run once the pattern has matched).
 */
export function validDay(t: Frag): Frag {
  if (!isPostgres()) return sql`(date(substr(${t}, 1, 10)) = substr(${t}, 1, 10))`
  const year = sql`CAST(substr(${t}, 1, 4) AS integer)`
  const leap = sql`(mod(${year}, 4) = 0 AND (mod(${year}, 100) <> 0 OR mod(${year}, 400) = 0))`
  const monthDays = sql`(CASE substr(${t}, 6, 2) WHEN '02' THEN (CASE WHEN ${leap} THEN 29 ELSE 28 END) WHEN '04' THEN 30 WHEN '06' THEN 30 WHEN '09' THEN 30 WHEN '11' THEN 30 ELSE 31 END)`
  return sql`(CASE WHEN ${t} ~ ${PG_DAY_PREFIX} AND substr(${t}, 1, 4) <> '0000' THEN CAST(substr(${t}, 9, 2) AS integer) <= ${monthDays} ELSE FALSE END)`
}

/**
 * Unix seconds: DateTime columns as they are; JSON numbers as Unix seconds (or ms); ISO text of
 * a real day as an instant (without an offset: UTC); anything else NULL — text that only looks
 * like a date ('2020-02-30', 'now', a Julian day number) too, on both engines.
 */
export function unixSeconds(v: Val): Frag {
  if (v.kind === 'datetime') return isPostgres() ? sql`floor(extract(epoch from ${v.col}))` : sql`unixepoch(${v.col})`
  if (v.kind !== 'json') return raw('NULL')
  const n = jsonNumber(v.col, v.key)
  const fromNumber = sql`(CASE WHEN ${n} > 100000000000 THEN ${n} / 1000 ELSE ${n} END)`
  if (!isPostgres()) {
    const path = jsonKeyPath(v.key)
    const x = sql`json_extract(${v.col}, ${path})`
    return sql`(CASE json_type(${v.col}, ${path}) WHEN 'integer' THEN ${fromNumber} WHEN 'real' THEN ${fromNumber} WHEN 'text' THEN (CASE WHEN ${validDay(x)} THEN unixepoch(${x}) END) END)`
  }
  const t = sql`btrim(CAST(${v.col} AS jsonb) ->> CAST(${v.key} AS TEXT))`
  const type = sql`jsonb_typeof(CAST(${v.col} AS jsonb) -> CAST(${v.key} AS TEXT))`
  // Only text that is a real date is cast (a cast of anything else would fail the query).
  return sql`(CASE ${type} WHEN 'number' THEN ${fromNumber} WHEN 'string' THEN (CASE WHEN ${t} ~ ${PG_DATE_TEXT} AND ${validDay(t)} THEN floor(extract(epoch from (CASE WHEN ${t} ~ ${PG_OFFSET} THEN CAST(${t} AS timestamptz) ELSE CAST(${t} AS timestamp) AT TIME ZONE 'UTC' END))) END) END)`
}

export const isDateOnly = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s)

/**
 * A stored date without a time ('1990-05-01', as imports write birthdays): a calendar day, not an
 * instant. Only a real day: '2020-02-30' is no day (and no instant either, see unixSeconds).
 */
export function isDayText(v: Val): Frag | null {
  if (v.kind !== 'json') return null
  if (isPostgres()) {
    const t = sql`(CAST(${v.col} AS jsonb) ->> CAST(${v.key} AS TEXT))`
    return sql`(jsonb_typeof(CAST(${v.col} AS jsonb) -> CAST(${v.key} AS TEXT)) = 'string' AND ${t} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' AND ${validDay(t)})`
  }
  const path = jsonKeyPath(v.key)
  const x = sql`json_extract(${v.col}, ${path})`
  return sql`(json_type(${v.col}, ${path}) = 'text' AND length(${x}) = 10 AND ${x} GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]' AND ${validDay(x)})`
}

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?$/
const civil = (s: string) => ({
  year: Number(s.slice(0, 4)),
  month: Number(s.slice(5, 7)),
  day: Number(s.slice(8, 10)),
})

/**
 * Unix seconds of a definition's date in the company's time zone: a date is the first instant
 * of that local day (23 or 25 hours long on DST days), a date-time without an offset is a local
 * wall time, and one with an offset (or Z) is that instant.
 */
export function startOf(s: string, timeZone = 'UTC'): number {
  if (isDateOnly(s)) return Math.floor(zonedToUtc(timeZone, civil(s)) / 1000)
  const m = LOCAL_DATE_TIME.exec(s)
  if (m) {
    const ms =
      zonedToUtc(timeZone, civil(s), Number(m[4]), Number(m[5])) +
      Number(m[6] ?? 0) * 1000 +
      Number((m[7] ?? '').padEnd(3, '0'))
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
export function textCompare(v: Val, op: TextOp, value: string): Frag {
  const t = textOf(v)
  const pg = isPostgres()
  const like = (pattern: string) =>
    pg ? sql`${t} ILIKE ${pattern} ESCAPE '\\'` : sql`${t} LIKE ${pattern} ESCAPE '\\'`
  const eq = pg ? sql`lower(${t}) = lower(CAST(${value} AS TEXT))` : sql`${t} = ${value} COLLATE NOCASE`
  const e = likeEscape(value)
  switch (op) {
    case 'equals':
      return eq
    case 'not_equals':
      return sql`(${t} IS NULL OR NOT (${eq}))`
    case 'contains':
      return like(`%${e}%`)
    case 'not_contains':
      return sql`(${t} IS NULL OR NOT ${like(`%${e}%`)})`
    case 'starts_with':
      return like(`${e}%`)
    case 'ends_with':
      return like(`%${e}`)
  }
}

export const isSet = (v: Val): Frag => {
  const t = textOf(v)
  return sql`(${t} IS NOT NULL AND ${t} NOT IN ('', '[]'))`
}
export const isNotSet = (v: Val): Frag => {
  const t = textOf(v)
  return sql`(${t} IS NULL OR ${t} IN ('', '[]'))`
}

/**
 * A JSON property holds an item (any case): an element of an array, a value of an object, or
 * the value itself when it is a string or number.
 */
export function containsItem(v: Val & { kind: 'json' }, item: string): Frag {
  if (!isPostgres()) {
    return sql`EXISTS (SELECT 1 FROM json_each(${v.col}, ${jsonKeyPath(v.key)}) j WHERE lower(CAST(j.value AS TEXT)) = lower(${item}))`
  }
  const j = sql`(CAST(${v.col} AS jsonb) -> CAST(${v.key} AS TEXT))`
  const lowered = sql`lower(CAST(${item} AS TEXT))`
  return sql`(CASE jsonb_typeof(${j})
    WHEN 'array' THEN EXISTS (SELECT 1 FROM jsonb_array_elements_text(${j}) AS je(value) WHERE lower(je.value) = ${lowered})
    WHEN 'object' THEN EXISTS (SELECT 1 FROM jsonb_each_text(${j}) AS je WHERE lower(je.value) = ${lowered})
    WHEN 'string' THEN lower(${j} #>> '{}') = ${lowered}
    WHEN 'number' THEN lower(${j} #>> '{}') = ${lowered}
    ELSE FALSE END)`
}

export { raw }
