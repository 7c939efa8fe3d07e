// A trigger_filter (or an action-output filter) on the triggering event's properties, for the
// engine's splits: the same evaluation as the metric trigger's (lib/flows/triggers/trigger-filter.ts:
// groups ANDed, conditions inside a group ORed, a missing field false except `existence not-set`,
// text case-insensitive), with the reason of each condition for the step's detail. The field may
// be written as `$event.x` or `properties['x']`; the condition's own type is not checked here
// (trigger splits and action-output splits name their conditions differently).
import { conditionMatches } from '@/lib/flows/triggers/trigger-filter'

export interface EventFilterResult {
  match: boolean
  reasons: string[]
}

const KNOWN_FILTER_TYPES = new Set(['string', 'numeric', 'boolean', 'date', 'list', 'existence'])

const fieldOf = (c: { field?: unknown; property?: unknown }) =>
  String(c.field ?? c.property ?? '')
    .replace(/^\$?event\./, '')
    .replace(/^properties\[['"](.+)['"]\]$/, '$1')

export function evaluateEventFilter(
  filter: unknown,
  props: Record<string, unknown> | null | undefined,
  now: Date,
): EventFilterResult {
  const groups = (
    (filter as { condition_groups?: Array<{ conditions?: unknown[] }> } | null)?.condition_groups ?? []
  ).filter((g) => g.conditions?.length)
  if (!groups.length) return { match: true, reasons: [] }
  const reasons: string[] = []
  let match = true
  for (const g of groups) {
    let any = false
    for (const raw of g.conditions!) {
      const c = raw as {
        field?: string
        property?: string
        filter?: { type?: string; operator?: string; value?: unknown }
      }
      const field = fieldOf(c)
      const held = conditionMatches(
        { field, filter: c.filter as Record<string, unknown> | undefined },
        props ?? {},
        now,
      )
      any ||= held
      reasons.push(
        KNOWN_FILTER_TYPES.has(String(c.filter?.type))
          ? `${field} ${c.filter?.operator} ${JSON.stringify(c.filter?.value ?? null)}: ${held}`
          : `${field}: filter type '${c.filter?.type}' is not supported: false`,
      )
    }
    match &&= any
  }
  return { match, reasons }
}
