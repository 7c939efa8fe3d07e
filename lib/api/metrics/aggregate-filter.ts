// The metric-aggregates `filter` strings of the reference, e.g.
//   ["greater-or-equal(datetime,2026-01-01T00:00:00)", "less-than(datetime,2026-02-01T00:00:00)"]
// or one string with several conditions, into the engine's { start, end, extra }.
// Events are stored to the second, so greater-than and less-or-equal move the bound by 1 s.
import type { MetricFilter } from '@/lib/metrics/filters'
import { flattenAnd, parseFilter, FilterSyntaxError, type FilterCondition } from '../filter-parser'
import { invalidPointer } from '../api-error'
import { propertyNameProblem } from '@/lib/db/json-path'

const POINTER = '/data/attributes/filter'

export function parseAggregateFilter(filters: string[]): { start: Date; end: Date; extra: MetricFilter[] } {
  let start: Date | null = null
  let end: Date | null = null
  const extra: MetricFilter[] = []
  filters.forEach((text, i) => {
    let conds: FilterCondition[]
    try {
      conds = flattenAnd(parseFilter(text))
    } catch (e) {
      if (e instanceof FilterSyntaxError) throw invalidPointer(`${POINTER}/${i}`, e.message)
      throw e
    }
    for (const c of conds) {
      if (c.field !== 'datetime') {
        const problem = propertyNameProblem(c.field)
        if (problem) throw invalidPointer(`${POINTER}/${i}`, problem)
        extra.push({ field: c.field, op: c.op, value: c.value })
        continue
      }
      if (!(c.value instanceof Date))
        throw invalidPointer(`${POINTER}/${i}`, 'datetime needs a date-time value, e.g. 2026-01-01T00:00:00.')
      const t = c.value.getTime()
      if (c.op === 'greater-or-equal') start = new Date(t)
      else if (c.op === 'greater-than') start = new Date(t + 1000)
      else if (c.op === 'less-than') end = new Date(t)
      else if (c.op === 'less-or-equal') end = new Date(t + 1000)
      else throw invalidPointer(`${POINTER}/${i}`, `The operator "${c.op}" cannot be used on datetime.`)
    }
  })
  if (!start || !end) {
    throw invalidPointer(
      POINTER,
      'The filter needs a datetime range: greater-or-equal(datetime,…) and less-than(datetime,…).',
    )
  }
  return { start, end, extra }
}
