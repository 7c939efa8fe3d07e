// Ordering and folding of grouped engine rows: by a measurement's total or a dimension's value,
// ascending or descending; the chart keeps the top N groups and folds the rest into one.
import { AppError } from '@/lib/errors/app-error'
import { MEASUREMENTS, rowTotal, type EngineRow, type Measurement } from './run-metric-query'

export interface SortSpec {
  key: Measurement | { dimension: number }
  desc: boolean
}

/** The vendor's sort string: "count", "-sum_value", "$message", "-Campaign Name". */
export function parseSort(sort: string | undefined, by: readonly string[], fallback: Measurement): SortSpec {
  if (!sort) return { key: fallback, desc: true }
  const desc = sort.startsWith('-')
  const name = desc ? sort.slice(1) : sort
  if ((MEASUREMENTS as readonly string[]).includes(name)) return { key: name as Measurement, desc }
  const dimension = by.indexOf(name)
  if (dimension >= 0) return { key: { dimension }, desc }
  throw new AppError('invalid', 400, `Cannot sort by "${sort}".`, { sort: [`Cannot sort by "${sort}".`] })
}

const compareNullable = (a: string | null, b: string | null) =>
  a === b ? 0 : a === null ? 1 : b === null ? -1 : a.localeCompare(b, 'en', { numeric: true })

/** `total`: a row's total of the measurement, when it is not the sum of its buckets (uniques). */
export function sortRows(rows: EngineRow[], spec: SortSpec, total?: (row: EngineRow) => number): EngineRow[] {
  const sign = spec.desc ? -1 : 1
  const key = spec.key
  const totalOf = (r: EngineRow) => (total ? total(r) : rowTotal(r, key as Measurement))
  const cmp =
    typeof key === 'string'
      ? (a: EngineRow, b: EngineRow) =>
          sign * (totalOf(a) - totalOf(b)) || compareNullable(a.dimensions[0] ?? null, b.dimensions[0] ?? null)
      : (a: EngineRow, b: EngineRow) =>
          sign * compareNullable(a.dimensions[key.dimension] ?? null, b.dimensions[key.dimension] ?? null)
  return [...rows].sort(cmp)
}
