// Our segment definition (a nested and/or tree, lib/segments/definition.ts) → the vendor's
// `condition_groups` (groups ANDed, the conditions of a group ORed, each with its `type`).
// The tree is brought to that shape exactly (conjunctive normal form); condition-groups-to-
// definition.ts reads it back to the same conditions.
import {
  isGroup,
  type Condition,
  type ConditionGroup,
  type EventFilter,
  type MetricCondition,
  type ProfilePropertyCondition,
  type SegmentDefinition,
  type Timeframe,
} from '@/lib/segments/definition'
import { vendorPropertyName } from './vendor-property-names'
import { predictiveToVendor } from './predictive-condition'

export type VendorCondition = Record<string, unknown> & { type: string }
export interface VendorDefinition {
  condition_groups: Array<{ conditions: VendorCondition[] }>
}

// CNF can grow as the product of the OR groups it distributes; definitions are held to 50
// conditions, so this is far beyond what the builder makes, but it bounds a stored oddity.
const MAX_CLAUSES = 500

const HYPHEN: Record<string, string> = {
  equals: 'equals',
  not_equals: 'not-equals',
  contains: 'contains',
  not_contains: 'not-contains',
  starts_with: 'starts-with',
  ends_with: 'ends-with',
  greater_than: 'greater-than',
  less_than: 'less-than',
}

function propertyFilter(c: ProfilePropertyCondition): Record<string, unknown> {
  const v = c.value
  if (c.operator === 'is_set' || c.operator === 'is_not_set')
    return { type: 'existence', operator: c.operator === 'is_set' ? 'is-set' : 'not-set' }
  switch (c.valueType) {
    case 'text':
      return { type: 'string', operator: HYPHEN[c.operator], value: v }
    case 'number':
      if (c.operator === 'between')
        return { type: 'numeric', operator: 'between', start: (v as number[])[0], end: (v as number[])[1] }
      return { type: 'numeric', operator: HYPHEN[c.operator], value: v }
    // The vendor's boolean filter only knows "equals": "not true" is written as "equals false".
    case 'boolean':
      return { type: 'boolean', operator: 'equals', value: c.operator === 'equals' ? v : !v }
    case 'date':
      if (c.operator === 'in_last_days') return { type: 'date', operator: 'in-the-last', unit: 'day', quantity: v }
      if (c.operator === 'between')
        return { type: 'date', operator: 'between-static', start: (v as string[])[0], end: (v as string[])[1] }
      return { type: 'date', operator: c.operator, date: v }
    case 'list':
      return { type: 'list', operator: c.operator === 'contains_item' ? 'contains' : 'not-contains', value: v }
  }
}

export function timeframeFilter(t: Timeframe): Record<string, unknown> {
  if (t.type === 'all_time') return { type: 'date', operator: 'alltime' }
  if (t.type === 'in_last_days') return { type: 'date', operator: 'in-the-last', unit: 'day', quantity: t.days }
  return { type: 'date', operator: 'between-static', start: t.start, end: t.end }
}

function metricFilter(f: EventFilter): Record<string, unknown> {
  const filter =
    typeof f.value === 'boolean'
      ? { type: 'boolean', operator: 'equals', value: f.operator === 'equals' ? f.value : !f.value }
      : { type: typeof f.value === 'number' ? 'numeric' : 'string', operator: HYPHEN[f.operator], value: f.value }
  return { property: f.property, filter }
}

const COMPARISON: Record<MetricCondition['comparison'], string> = {
  at_least: 'greater-than-or-equal',
  at_most: 'less-than-or-equal',
  exactly: 'equals',
  zero_times: 'equals',
}

function metricCondition(c: MetricCondition): VendorCondition {
  const zero = c.comparison === 'zero_times'
  return {
    type: 'profile-metric',
    metric_id: c.metricId,
    measurement: !zero && c.aggregate === 'sum_value' ? 'sum' : 'count',
    measurement_filter: { type: 'numeric', operator: COMPARISON[c.comparison], value: zero ? 0 : c.count },
    timeframe_filter: timeframeFilter(c.timeframe),
    metric_filters: c.filters?.length ? c.filters.map(metricFilter) : null,
  }
}

export function vendorCondition(c: Condition): VendorCondition {
  switch (c.kind) {
    case 'profile_property':
      return { type: 'profile-property', property: vendorPropertyName(c.field), filter: propertyFilter(c) }
    case 'metric':
      return metricCondition(c)
    case 'list_membership':
      return c.operator === 'in'
        ? { type: 'profile-group-membership', is_member: true, group_ids: [c.listId], timeframe_filter: null }
        : { type: 'profile-group-membership', is_member: false, group_ids: [c.listId] }
    case 'consent': {
      const channel = c.channel === 'email_marketing' ? 'email' : 'sms'
      const can = c.operator === 'can_receive'
      // Email consent is implicit here (anyone not unsubscribed or suppressed), SMS explicit.
      const subscription = can && channel === 'sms' ? 'subscribed' : 'any'
      return {
        type: 'profile-marketing-consent',
        consent: { channel, can_receive_marketing: can, consent_status: { subscription, filters: null } },
      }
    }
    case 'location':
      return {
        type: 'profile-property',
        property: `location['${c.field}']`,
        filter: { type: 'string', operator: HYPHEN[c.operator], value: c.value },
      }
    case 'predictive':
      return predictiveToVendor(c)
  }
}

/** The node as ANDed clauses of ORed conditions, or null past MAX_CLAUSES. */
function clauses(n: Condition | ConditionGroup): Condition[][] | null {
  if (!isGroup(n)) return [[n]]
  const parts = n.conditions.map(clauses)
  if (parts.some((p) => p === null)) return null
  const cnfs = parts as Condition[][][]
  if (n.type === 'and') {
    const all = cnfs.flat()
    return all.length > MAX_CLAUSES ? null : all
  }
  // (A1 ∧ A2) ∨ (B1 ∧ B2) = (A1 ∨ B1) ∧ (A1 ∨ B2) ∧ (A2 ∨ B1) ∧ (A2 ∨ B2)
  let acc: Condition[][] = [[]]
  for (const cnf of cnfs) {
    const next: Condition[][] = []
    for (const a of acc) for (const b of cnf) next.push([...a, ...b])
    if (next.length > MAX_CLAUSES) return null
    acc = next
  }
  return acc
}

export function definitionToConditionGroups(def: SegmentDefinition | null): VendorDefinition {
  if (!def) return { condition_groups: [] }
  const cnf = clauses(def.root)
  // Past the bound: the top level only, each child's conditions ORed (stored definitions only).
  const groups = cnf ?? def.root.conditions.map((c) => (isGroup(c) ? flat(c) : [c]))
  return { condition_groups: groups.map((g) => ({ conditions: g.map(vendorCondition) })) }
}

function flat(g: ConditionGroup): Condition[] {
  return g.conditions.flatMap((c) => (isGroup(c) ? flat(c) : [c]))
}
