// How large a segment definition may be when it is saved or previewed: what the builder can make
// (root → groups → conditions; the API also takes one more level of nesting), and small enough
// that its count over a large account stays a matter of seconds. Every condition is a subquery
// per profile, so the total and the distinct metrics bound the cost, not the nesting alone.
// Checked on the raw input, before the schema parses it: a 6 MB body can hold tens of thousands
// of conditions, and parsing those is itself the cost to avoid.
import type { FieldErrors } from '@/lib/errors/app-error'

export const DEFINITION_LIMITS = {
  /** Groups inside groups, the root counting as the first level. */
  nesting: 3,
  /** Conditions and groups side by side in one group. */
  itemsPerGroup: 20,
  /** Conditions in the whole definition. */
  conditions: 50,
  /** Different metrics named by its metric conditions. */
  distinctMetrics: 25,
  /** Event filters of one metric condition (also in the schema). */
  filtersPerCondition: 10,
} as const

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/**
 * Field errors for every limit the input is over, keyed like the schema's (`definition.root…`);
 * empty when it is within them or not shaped like a definition at all (the schema says why).
 */
export function definitionLimitErrors(input: unknown, prefix = 'definition'): FieldErrors {
  const L = DEFINITION_LIMITS
  const errors: FieldErrors = {}
  const add = (key: string, message: string) => void (errors[key] ??= []).push(message)
  if (!isObject(input) || !isObject(input.root)) return errors
  let conditions = 0
  const metrics = new Set<string>()
  // Stops descending once the definition is known to be too large: the errors already say so.
  const walk = (group: Record<string, unknown>, depth: number, path: string) => {
    const items = group.conditions
    if (!Array.isArray(items)) return
    if (items.length > L.itemsPerGroup)
      add(`${path}.conditions`, `A group can hold at most ${L.itemsPerGroup} conditions or groups.`)
    items.slice(0, L.itemsPerGroup + 1).forEach((item, i) => {
      if (!isObject(item) || conditions > L.conditions) return
      if (Array.isArray(item.conditions)) {
        if (depth + 1 > L.nesting)
          add(`${path}.conditions.${i}`, `Groups can be nested at most ${L.nesting} levels deep.`)
        else walk(item, depth + 1, `${path}.conditions.${i}`)
        return
      }
      conditions++
      if (item.kind === 'metric' && typeof item.metricId === 'string') metrics.add(item.metricId)
    })
  }
  walk(input.root, 1, `${prefix}.root`)
  if (conditions > L.conditions) add(prefix, `A segment can have at most ${L.conditions} conditions.`)
  if (metrics.size > L.distinctMetrics) add(prefix, `A segment can use at most ${L.distinctMetrics} different metrics.`)
  return errors
}
