// The engine's "where": filters on event properties and on the built-in fields, as Kysely SQL
// with every value and property name bound, the same on SQLite and PostgreSQL (lib/db/dialect).
// Operators of seed 002 §3.5 (in, equal, contains and its variants, like, gt, gte, lt, lte, ne),
// and the public API's spellings of the same ones.
//
// A property is read in two forms that both engines compute alike: its text (strings as they
// are, numbers and booleans as their JSON text: '12', '7.5', 'true') and its number (JSON
// numbers and text that is exactly a number, " 40 " included). Equality and lists match either,
// so "5" finds a numeric 5 and a breakdown's text labels find their groups again.
import { sql, type Expression, type RawBuilder } from 'kysely'
import { AppError } from '@/lib/errors/app-error'
import { assertPropertyName } from '@/lib/db/json-path'
import { dbEngine } from '@/lib/db/client'
import { escapeLike, jsonNumber, jsonText, sqliteJsonPath, textPosition } from '@/lib/db/dialect'

import { FILTER_OPS, type FilterOp } from './filter-ops'

export { FILTER_OPS, type FilterOp }

const ALIASES: Record<string, FilterOp> = {
  any: 'in',
  'not-any': 'not_in',
  equals: 'equal',
  eq: 'equal',
  '=': 'equal',
  'not-equals': 'ne',
  not_equal: 'ne',
  'not-equal': 'ne',
  '!=': 'ne',
  'not-contains': 'not_contains',
  'starts-with': 'starts_with',
  'ends-with': 'ends_with',
  'contains-any': 'contains_any',
  'contains-all': 'contains_all',
  has: 'contains',
  'greater-than': 'gt',
  'greater-or-equal': 'gte',
  'less-than': 'lt',
  'less-or-equal': 'lte',
  '>': 'gt',
  '>=': 'gte',
  '<': 'lt',
  '<=': 'lte',
  'is-set': 'is_set',
  'is-not-set': 'is_not_set',
}

export interface MetricFilter {
  field: string
  /** A FilterOp or one of its aliases (the vendor's hyphenated names). */
  op: string
  value?: unknown
}

export function normalizeOp(op: string): FilterOp | null {
  if ((FILTER_OPS as readonly string[]).includes(op)) return op as FilterOp
  return Object.hasOwn(ALIASES, op) ? ALIASES[op]! : null
}

type Sql<T = unknown> = RawBuilder<T>
type Expr = Expression<unknown>

/** Built-in fields map to columns of the event `e`; anything else is an event property. */
const COLUMNS: Record<string, { col: string; numeric: boolean }> = {
  $value: { col: 'value', numeric: true },
  $value_currency: { col: 'currency', numeric: false },
  $event_id: { col: 'uniqueId', numeric: false },
  profile_id: { col: 'profileId', numeric: false },
}

export function isBuiltInField(name: string): boolean {
  return Object.hasOwn(COLUMNS, name)
}

const bad = (field: string, message: string) => new AppError('invalid', 400, message, { [field]: [message] })

const PROPERTIES = sql.ref('e.properties')

/** A field of the event `e` in the forms the filters and breakdowns read. */
export interface FieldSql {
  /** The value as text (NULL when missing or JSON null). */
  text: Sql<string | null>
  /** The value as a number, NULL when it is not one. */
  number: Sql<number | null>
  /** The value for a breakdown (a column as stored, a property as text). */
  dimension: Sql<unknown>
  /** Property only: the value is a JSON array. */
  isArray: Sql<boolean> | null
  /** Property only: the JSON array holds an element whose text is `value`. */
  arrayHas: ((value: string) => Sql<boolean>) | null
}

/** The field's SQL; a property name it cannot use is a 400 keyed `errorField`. */
export function fieldSql(name: string, errorField = 'where'): FieldSql {
  const builtIn = Object.hasOwn(COLUMNS, name) ? COLUMNS[name]! : undefined
  if (builtIn) {
    const col = sql.ref(`e.${builtIn.col}`)
    return {
      text: builtIn.numeric ? sql<string | null>`cast(${col} as text)` : sql<string | null>`${col}`,
      number: builtIn.numeric ? sql<number | null>`${col}` : sql<number | null>`null`,
      dimension: sql`${col}`,
      isArray: null,
      arrayHas: null,
    }
  }
  assertPropertyName(name, errorField)
  const text = jsonText(PROPERTIES, name)
  if (dbEngine() === 'postgresql') {
    const v = sql`(cast(${PROPERTIES} as jsonb) -> cast(${name} as text))`
    return {
      text,
      number: jsonNumber(PROPERTIES, name),
      dimension: text,
      isArray: sql<boolean>`(jsonb_typeof(${v}) = 'array')`,
      arrayHas: (
        value,
      ) => sql<boolean>`exists (select 1 from jsonb_array_elements(case when jsonb_typeof(${v}) = 'array' then ${v} else '[]'::jsonb end) j(value)
        where (case jsonb_typeof(j.value) when 'string' then j.value #>> '{}' when 'number' then j.value #>> '{}' when 'boolean' then j.value #>> '{}' end) = ${value})`,
    }
  }
  const path = sqliteJsonPath(name)
  return {
    text,
    number: jsonNumber(PROPERTIES, name),
    dimension: text,
    isArray: sql<boolean>`(json_type(${PROPERTIES}, ${path}) = 'array')`,
    arrayHas: (value) => sql<boolean>`exists (select 1 from json_each(${PROPERTIES}, ${path}) j
      where (case j.type when 'text' then j.value when 'integer' then cast(j.value as text) when 'real' then cast(j.value as text) when 'true' then 'true' when 'false' then 'false' end) = ${value})`,
  }
}

type Scalar = string | number | boolean

function scalar(v: unknown, field: string): Scalar {
  if (typeof v === 'string' || typeof v === 'boolean') return v
  if (typeof v === 'number' && Number.isFinite(v)) return v
  if (v instanceof Date && !Number.isNaN(v.getTime())) return v.toISOString()
  throw bad(field, 'The filter value must be a string, number or boolean.')
}

function list(v: unknown, field: string): Scalar[] {
  const arr = Array.isArray(v) ? v : [v]
  if (arr.length === 0 || arr.length > 1000) throw bad(field, 'The filter needs between 1 and 1000 values.')
  return arr.map((x) => scalar(x, field))
}

/** A number, or a text that reads as one (" 40 "); else null. */
const numberOf = (v: Scalar): number | null => {
  if (typeof v === 'number') return v
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v)
  return null
}
/** The text a value has when stored as JSON ('true', '12', '7.5'). */
const textOf = (v: Scalar): string => String(v)

const isTrue = (cond: Expr) => sql<boolean>`((${cond}) is true)`

/** Matches any of the values, by text or by number. */
function inList(f: FieldSql, vals: Scalar[]): Sql<boolean> {
  const texts = [...new Set(vals.map(textOf))]
  const numbers = [...new Set(vals.map(numberOf).filter((n): n is number => n !== null))]
  const byText = sql`${f.text} in (${sql.join(texts)})`
  return numbers.length ? sql<boolean>`(${byText} or ${f.number} in (${sql.join(numbers)}))` : sql<boolean>`(${byText})`
}

/**
 * A numeric bound compares the value as a number, so the text "2" is not greater than 10 and
 * non-numeric values never match; a text bound compares as text.
 */
function compare(f: FieldSql, op: '>' | '>=' | '<' | '<=', value: Scalar): Sql<boolean> {
  const n = numberOf(value)
  return n !== null
    ? sql<boolean>`(${f.number} ${sql.raw(op)} ${n})`
    : sql<boolean>`(${f.text} ${sql.raw(op)} ${textOf(value)})`
}

/** An array property holds the value; any other value contains it as text, ignoring case. */
function containsOne(f: FieldSql, v: Scalar): Sql<boolean> {
  const inText = sql<boolean>`(${textPosition(sql`lower(${f.text})`, sql`lower(${textOf(v)})`)} > 0)`
  if (!f.isArray || !f.arrayHas) return inText
  return sql<boolean>`(case when ${f.isArray} then ${f.arrayHas(textOf(v))} else ${inText} end)`
}

/** LIKE of lowercased text: a user's text with % and _ escaped (escapeLike). */
const likeEscaped = (x: Expr, pattern: string) => sql<boolean>`(lower(${x}) like lower(${pattern}) escape '\\')`
/** The caller's own pattern: a backslash is a plain character on both engines. */
const likeRaw = (x: Expr, pattern: string) =>
  dbEngine() === 'postgresql' ? sql<boolean>`(${x} ilike ${pattern} escape '')` : sql<boolean>`(${x} like ${pattern})`

/** One filter as a SQL condition. Text matching (contains, starts/ends with, like) ignores case. */
export function compileFilter(filter: MetricFilter, index = 0): Sql<boolean> {
  const field = `where.${index}`
  const op = normalizeOp(filter.op)
  if (!op) throw bad(`${field}.op`, `Unknown filter operator "${filter.op}".`)
  if (typeof filter.field !== 'string') throw bad(`${field}.field`, 'Name the field to filter on.')
  const f = fieldSql(filter.field, `${field}.field`)
  const one = () => scalar(filter.value, `${field}.value`)
  const many = () => list(filter.value, `${field}.value`)
  const missing = sql<boolean>`(${f.text} is null)`
  switch (op) {
    case 'is_set':
      return sql<boolean>`(${f.text} is not null)`
    case 'is_not_set':
      return missing
    case 'equal':
      return isTrue(inList(f, [one()]))
    // A missing property is "not equal" to any value.
    case 'ne':
      return sql`(${missing} or not ${isTrue(inList(f, [one()]))})`
    case 'in':
      return isTrue(inList(f, many()))
    case 'not_in':
      return sql`(${missing} or not ${isTrue(inList(f, many()))})`
    case 'gt':
      return isTrue(compare(f, '>', one()))
    case 'gte':
      return isTrue(compare(f, '>=', one()))
    case 'lt':
      return isTrue(compare(f, '<', one()))
    case 'lte':
      return isTrue(compare(f, '<=', one()))
    case 'contains':
      return isTrue(containsOne(f, one()))
    case 'not_contains':
      return sql`(${missing} or not ${isTrue(containsOne(f, one()))})`
    case 'contains_any':
      return isTrue(
        sql`(${sql.join(
          many().map((v) => isTrue(containsOne(f, v))),
          sql` or `,
        )})`,
      )
    case 'contains_all':
      return isTrue(
        sql`(${sql.join(
          many().map((v) => isTrue(containsOne(f, v))),
          sql` and `,
        )})`,
      )
    case 'starts_with':
      return isTrue(likeEscaped(f.text, escapeLike(textOf(one())) + '%'))
    case 'ends_with':
      return isTrue(likeEscaped(f.text, '%' + escapeLike(textOf(one()))))
    // like: the caller's own pattern with % and _ wildcards, ignoring case.
    case 'like':
      return isTrue(likeRaw(f.text, textOf(one())))
  }
}

/** The filters as one condition to AND into a WHERE (true without filters). */
export function compileWhere(filters: readonly MetricFilter[] | undefined): Sql<boolean> | null {
  if (!filters?.length) return null
  if (filters.length > 50) throw bad('where', 'At most 50 filters.')
  return sql<boolean>`(${sql.join(
    filters.map((f, i) => compileFilter(f, i)),
    sql` and `,
  )})`
}
