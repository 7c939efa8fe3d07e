// The JSON:API query parameters shared by the list endpoints: page[size], fields[type],
// additional-fields[type], sort and include. Each refusal names its parameter.
import { invalidParam } from './api-error'
import { parseAllowedFilter, FilterSyntaxError, type AllowedFilters, type FilterCondition } from './filter-parser'
// Extracted from the vendor's OpenAPI document by scripts/extract-openapi.mjs.
import SCHEMA_FIELDS from './openapi-sparse-fields.json'

/** Comma lists may also come as repeated parameters. */
export function listParam(url: URL, name: string): string[] | null {
  const all = url.searchParams.getAll(name)
  if (!all.length) return null
  return all
    .flatMap((v) => v.split(','))
    .map((s) => s.trim())
    .filter(Boolean)
}

export function pageSize(url: URL, opts: { def: number; max: number; min?: number }): number {
  const raw = url.searchParams.get('page[size]')
  if (raw == null || raw === '') return opts.def
  const n = Number(raw)
  const min = opts.min ?? 1
  if (!Number.isInteger(n) || n < min || n > opts.max) {
    throw invalidParam('page[size]', `page[size] must be an integer between ${min} and ${opts.max}.`)
  }
  return n
}

export function enumList<T extends string>(url: URL, name: string, allowed: readonly T[]): T[] {
  const list = listParam(url, name) ?? []
  for (const v of list) {
    if (!allowed.includes(v as T))
      throw invalidParam(name, `"${v}" is not a valid value for ${name}. Allowed: ${allowed.join(', ')}.`)
  }
  return list as T[]
}

const schemaFields = SCHEMA_FIELDS as Record<string, readonly string[] | undefined>

/**
 * fields[type]: null = all fields. Nested names ("location.city") keep their parent. A value
 * the vendor's schema lists for the type is accepted even where our table lacks it (id, or an
 * attribute we do not serve): asking for it keeps the answer valid, it just carries less.
 */
export function sparseFields(url: URL, type: string, allowed: readonly string[]): Set<string> | null {
  const list = listParam(url, `fields[${type}]`)
  if (!list) return null
  const listed = schemaFields[type] ?? []
  for (const v of list) {
    if (!allowed.includes(v) && !allowed.includes(v.split('.')[0]!) && !listed.includes(v)) {
      throw invalidParam(`fields[${type}]`, `"${v}" is not a field of ${type}.`)
    }
  }
  return new Set(list)
}

export function sortParam<T extends string>(
  url: URL,
  allowed: readonly T[],
  def: T,
): { field: string; desc: boolean; raw: T } {
  const raw = (url.searchParams.get('sort') ?? def) as T
  if (!allowed.includes(raw))
    throw invalidParam('sort', `"${raw}" is not a valid sort. Allowed: ${allowed.join(', ')}.`)
  return { field: raw.replace(/^-/, ''), desc: raw.startsWith('-'), raw }
}

export function filterParam(url: URL, allowed: AllowedFilters): FilterCondition[] {
  try {
    return parseAllowedFilter(url.searchParams.get('filter'), allowed)
  } catch (e) {
    if (e instanceof FilterSyntaxError) throw invalidParam('filter', e.message)
    throw e
  }
}

/** A filter value that must be a date (datetime comparisons). */
// Dates the database can hold: years 1 to 9999 (a filter outside that range is a typo).
const MIN_MS = Date.UTC(1, 0, 1) - 0
const MAX_MS = Date.UTC(9999, 11, 31, 23, 59, 59)

export function dateValue(v: unknown, field: string): Date {
  const d =
    v instanceof Date ? v : typeof v === 'string' ? new Date(v) : typeof v === 'number' ? new Date(v * 1000) : null
  if (d && Number.isFinite(d.getTime()) && d.getTime() >= MIN_MS && d.getTime() <= MAX_MS) return d
  throw invalidParam(
    'filter',
    `The value for "${field}" must be a date-time between years 1 and 9999, e.g. 2026-01-01T00:00:00Z.`,
  )
}

export function stringValues(v: unknown, field: string): string[] {
  const list = Array.isArray(v) ? v : [v]
  for (const x of list)
    if (typeof x !== 'string') throw invalidParam('filter', `The values for "${field}" must be quoted strings.`)
  return list as string[]
}
