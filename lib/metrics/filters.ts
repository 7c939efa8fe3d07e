// The engine's "where": filters on event properties (json_extract) and on the built-in fields,
// compiled to SQL with bound parameters. Operators of seed 002 §3.5 (in, equal, contains and its
// variants, like, gt, gte, lt, lte, ne), and the public API's spellings of the same ones.
import { AppError } from '@/lib/http/app-error'
import { jsonPropertyParam } from '@/lib/db/json-path'

export const FILTER_OPS = [
  'in', 'not_in', 'equal', 'ne', 'contains', 'not_contains', 'starts_with', 'ends_with', 'contains_any', 'contains_all',
  'like', 'gt', 'gte', 'lt', 'lte', 'is_set', 'is_not_set',
] as const
export type FilterOp = (typeof FILTER_OPS)[number]

const ALIASES: Record<string, FilterOp> = {
  any: 'in', 'not-any': 'not_in', equals: 'equal', eq: 'equal', '=': 'equal', 'not-equals': 'ne', not_equal: 'ne',
  'not-equal': 'ne', '!=': 'ne', 'not-contains': 'not_contains', 'starts-with': 'starts_with', 'ends-with': 'ends_with',
  'contains-any': 'contains_any', 'contains-all': 'contains_all', has: 'contains', 'greater-than': 'gt', 'greater-or-equal': 'gte',
  'less-than': 'lt', 'less-or-equal': 'lte', '>': 'gt', '>=': 'gte', '<': 'lt', '<=': 'lte', 'is-set': 'is_set',
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

/** Built-in fields map to columns; anything else is an event property. */
const COLUMNS: Record<string, string> = {
  $value: 'e.value', $value_currency: 'e.currency', $event_id: 'e.uniqueId', profile_id: 'e.profileId',
}

export function isBuiltInField(name: string): boolean {
  return Object.hasOwn(COLUMNS, name)
}

export class SqlParams {
  readonly values: Record<string, unknown> = {}
  private n = 0
  /** Binds a value and returns its placeholder. */
  add(value: unknown): string {
    const key = `p${this.n++}`
    this.values[key] = typeof value === 'boolean' ? (value ? 1 : 0) : value
    return '@' + key
  }
}

const bad = (field: string, message: string) => new AppError('invalid', 400, message, { [field]: [message] })

/** The JSON path of a property name, bound as a parameter; a name it cannot use is a 400 keyed `field`. */
export function propertyPath(name: string, field = 'by'): string {
  return jsonPropertyParam(name, { field })
}

/** The SQL expression of a field (a column, or json_extract of the property). */
export function fieldExpr(name: string, params: SqlParams, errorField = 'where'): string {
  const col = Object.hasOwn(COLUMNS, name) ? COLUMNS[name] : undefined
  if (col) return col
  return `json_extract(e.properties, ${params.add(propertyPath(name, errorField))})`
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

/** A numeric string compares as a number (SQLite orders every number before every text). */
const comparable = (v: Scalar): Scalar => (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : v)

/**
 * The value as a number: a JSON number, or a text that reads as one ("12", " 40 "); NULL
 * otherwise. The segment engine's `numeric` (lib/segments/compile-values.ts) in string form.
 */
const numericExpr = (x: string) =>
  `(CASE WHEN typeof(${x}) IN ('integer','real') THEN ${x} WHEN typeof(${x}) = 'text' AND trim(${x}) GLOB '*[0-9]*' AND NOT trim(${x}) GLOB '*[^0-9.eE+-]*' THEN CAST(trim(${x}) AS REAL) END)`

/**
 * A numeric bound compares the value as a number, so the text "2" is not greater than 10 (SQLite
 * orders every text after every number) and non-numeric values never match; a text bound
 * compares as text.
 */
function compare(x: string, op: '>' | '>=' | '<' | '<=', value: Scalar, params: SqlParams): string {
  const v = comparable(value)
  return typeof v === 'number' ? `${numericExpr(x)} ${op} ${params.add(v)}` : `${x} ${op} ${params.add(v)}`
}

const lowerText = (x: string) => `lower(CAST(${x} AS TEXT))`
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => '\\' + c)

/** One filter as a SQL condition. Text matching (contains, starts/ends with) ignores case. */
export function compileFilter(f: MetricFilter, params: SqlParams, index = 0): string {
  const field = `where.${index}`
  const op = normalizeOp(f.op)
  if (!op) throw bad(`${field}.op`, `Unknown filter operator "${f.op}".`)
  if (typeof f.field !== 'string') throw bad(`${field}.field`, 'Name the field to filter on.')
  const x = fieldExpr(f.field, params, `${field}.field`)
  const isProperty = !isBuiltInField(f.field)
  // An array property "contains" a value when one of its items equals it.
  const arrayHas = (p: string) =>
    isProperty ? `EXISTS (SELECT 1 FROM json_each(e.properties, ${params.add(propertyPath(f.field, `${field}.field`))}) j WHERE j.value = ${p})` : '0'
  const isArray = isProperty ? `json_type(e.properties, ${params.add(propertyPath(f.field, `${field}.field`))}) = 'array'` : '0'
  const containsOne = (v: Scalar) => {
    const p = params.add(v)
    const text = `instr(${lowerText(x)}, lower(${params.add(String(v))})) > 0`
    return `(CASE WHEN ${isArray} THEN ${arrayHas(p)} ELSE ${text} END)`
  }
  // Values match by type or by their text, so "5" finds a numeric 5 and a breakdown's text labels
  // find their groups again.
  const inList = (vals: Scalar[]) => {
    const p = params.add(JSON.stringify(vals))
    return `(${x} IN (SELECT value FROM json_each(${p})) OR CAST(${x} AS TEXT) IN (SELECT CAST(value AS TEXT) FROM json_each(${p})))`
  }
  const eq = (v: Scalar) => {
    const p = params.add(v)
    return `(${x} = ${p} OR CAST(${x} AS TEXT) = CAST(${p} AS TEXT))`
  }
  switch (op) {
    case 'is_set': return `${x} IS NOT NULL`
    case 'is_not_set': return `${x} IS NULL`
    case 'equal': return eq(scalar(f.value, `${field}.value`))
    // A missing property is "not equal" to any value.
    case 'ne': return `(${x} IS NULL OR NOT ${eq(scalar(f.value, `${field}.value`))})`
    case 'in': return inList(list(f.value, `${field}.value`))
    case 'not_in': return `(${x} IS NULL OR NOT ${inList(list(f.value, `${field}.value`))})`
    case 'gt': return compare(x, '>', scalar(f.value, `${field}.value`), params)
    case 'gte': return compare(x, '>=', scalar(f.value, `${field}.value`), params)
    case 'lt': return compare(x, '<', scalar(f.value, `${field}.value`), params)
    case 'lte': return compare(x, '<=', scalar(f.value, `${field}.value`), params)
    case 'contains': return containsOne(scalar(f.value, `${field}.value`))
    case 'not_contains': return `(${x} IS NULL OR NOT ${containsOne(scalar(f.value, `${field}.value`))})`
    case 'contains_any': return `(${list(f.value, `${field}.value`).map(containsOne).join(' OR ')})`
    case 'contains_all': return `(${list(f.value, `${field}.value`).map(containsOne).join(' AND ')})`
    case 'starts_with':
      return `${lowerText(x)} LIKE lower(${params.add(escapeLike(String(scalar(f.value, `${field}.value`))) + '%')}) ESCAPE '\\'`
    case 'ends_with':
      return `${lowerText(x)} LIKE lower(${params.add('%' + escapeLike(String(scalar(f.value, `${field}.value`))))}) ESCAPE '\\'`
    // like: the caller's own pattern with % and _ wildcards (SQLite's LIKE ignores ASCII case).
    case 'like': return `CAST(${x} AS TEXT) LIKE ${params.add(String(scalar(f.value, `${field}.value`)))}`
  }
}

export function compileWhere(filters: readonly MetricFilter[] | undefined, params: SqlParams): string {
  if (!filters?.length) return ''
  if (filters.length > 50) throw bad('where', 'At most 50 filters.')
  return filters.map((f, i) => ' AND ' + compileFilter(f, params, i)).join('')
}
