// The condition builder's form state and its conversion to and from the segment definition
// (lib/segments/definition.ts). The form keeps what the user typed as strings, so a half-typed
// number never loses its text; toDefinition turns a complete form into typed data.
// Shape: root (AND or OR) → groups (each AND or OR) → conditions. A definition with bare
// conditions at the root opens as one-condition groups, which mean the same.
import {
  BUILTIN_FIELDS,
  DATE_FIELDS,
  OPERATORS_BY_TYPE,
  PREDICTIVE_DATE_OPERATORS,
  PREDICTIVE_NUMBER_OPERATORS,
  isGroup,
  type BuiltinField,
  type Condition,
  type ConditionGroup,
  type EventFilter,
  type MetricCondition,
  type PredictiveCondition,
  type PredictiveDimension,
  type PredictiveOperator,
  type PropertyOperator,
  type ProfilePropertyCondition,
  type SegmentDefinition,
  type ValueType,
} from '@/lib/segments/definition'

export type ConditionKind = Condition['kind']
export const CONDITION_KINDS: readonly ConditionKind[] = [
  'metric',
  'profile_property',
  'list_membership',
  'consent',
  'location',
  'predictive',
]
export type Comparison = 'at_least' | 'at_most' | 'exactly' | 'zero_times'
export type TimeframeType = 'all_time' | 'in_last_days' | 'between'
export type FilterOperator = EventFilter['operator']
export type FilterValueType = 'text' | 'number' | 'boolean'
export const FILTER_OPERATORS: readonly FilterOperator[] = [
  'equals',
  'not_equals',
  'contains',
  'greater_than',
  'less_than',
]
export const MAX_DAYS = 36500

export interface FilterState {
  key: string
  property: string
  operator: FilterOperator
  valueType: FilterValueType
  value: string
}

export type ConditionState =
  | { key: string; kind: '' }
  | {
      key: string
      kind: 'metric'
      metricId: string
      comparison: Comparison
      count: string
      aggregate: 'count' | 'sum_value'
      timeframe: TimeframeType
      days: string
      start: string
      end: string
      filters: FilterState[]
    }
  | {
      key: string
      kind: 'profile_property'
      field: string
      valueType: ValueType
      operator: PropertyOperator
      value: string
      value2: string
    }
  | { key: string; kind: 'list_membership'; listId: string; operator: 'in' | 'not_in' }
  | {
      key: string
      kind: 'consent'
      channel: 'email_marketing' | 'sms_marketing'
      operator: 'can_receive' | 'cannot_receive'
    }
  | {
      key: string
      kind: 'location'
      field: 'country' | 'region' | 'city'
      operator: 'equals' | 'not_equals' | 'contains'
      value: string
    }
  | {
      key: string
      kind: 'predictive'
      dimension: PredictiveDimension
      operator: PredictiveOperator
      value: string
      value2: string
    }

export interface GroupState {
  key: string
  type: 'and' | 'or'
  conditions: ConditionState[]
}
export interface BuilderState {
  rootType: 'and' | 'or'
  groups: GroupState[]
}

let counter = 0
/** Keys for React lists and for pinning errors to rows; never sent to the server. */
export const newKey = (prefix = 'k') => `${prefix}${++counter}`

export function emptyCondition(kind: ConditionKind | '' = ''): ConditionState {
  const key = newKey('c')
  switch (kind) {
    case '':
      return { key, kind: '' }
    case 'metric':
      return {
        key,
        kind,
        metricId: '',
        comparison: 'at_least',
        count: '1',
        aggregate: 'count',
        timeframe: 'all_time',
        days: '30',
        start: '',
        end: '',
        filters: [],
      }
    case 'profile_property':
      return { key, kind, field: '', valueType: 'text', operator: 'equals', value: '', value2: '' }
    case 'list_membership':
      return { key, kind, listId: '', operator: 'in' }
    case 'consent':
      return { key, kind, channel: 'email_marketing', operator: 'can_receive' }
    case 'location':
      return { key, kind, field: 'country', operator: 'equals', value: '' }
    case 'predictive':
      return { key, kind, dimension: 'churn_probability', operator: 'greater_or_equal', value: '', value2: '' }
  }
}

export const isPredictiveDate = (d: PredictiveDimension) => d === 'expected_date_of_next_order'
/** The operators a predictive dimension allows. */
export const predictiveOperators = (d: PredictiveDimension): readonly PredictiveOperator[] =>
  isPredictiveDate(d) ? PREDICTIVE_DATE_OPERATORS : PREDICTIVE_NUMBER_OPERATORS

export const emptyGroup = (type: 'and' | 'or' = 'or'): GroupState => ({
  key: newKey('g'),
  type,
  conditions: [emptyCondition()],
})
export const emptyState = (): BuilderState => ({ rootType: 'and', groups: [emptyGroup()] })

export const isBuiltinField = (f: string): f is BuiltinField => (BUILTIN_FIELDS as readonly string[]).includes(f)
export const isCustomField = (f: string) => f.startsWith('properties.')

/** The value type a field allows: built-in dates are dates, other built-ins text; custom properties any. */
export function fixedValueType(field: string): ValueType | null {
  if (!isBuiltinField(field)) return null
  return (DATE_FIELDS as readonly string[]).includes(field) ? 'date' : 'text'
}

/** Keeps the operator when the new value type allows it, else the type's first operator. */
export function operatorFor(type: ValueType, current: PropertyOperator): PropertyOperator {
  return OPERATORS_BY_TYPE[type].includes(current) ? current : OPERATORS_BY_TYPE[type][0]!
}

export const needsValue = (op: PropertyOperator) => op !== 'is_set' && op !== 'is_not_set'

// ---- validation ---------------------------------------------------------------------------

/** Problems of one condition, by field name, as message keys of the "segmentBuilder" namespace. */
export type ConditionIssues = Record<string, string>

const isNumber = (s: string) => s.trim() !== '' && Number.isFinite(Number(s))
const isWhole = (s: string) => isNumber(s) && Number.isInteger(Number(s))
const isDate = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(s))
const isDays = (s: string) => isWhole(s) && Number(s) >= 1 && Number(s) <= MAX_DAYS

export function conditionIssues(c: ConditionState): ConditionIssues {
  const out: ConditionIssues = {}
  switch (c.kind) {
    case '':
      out.kind = 'errorKind'
      break
    case 'metric':
      if (!c.metricId) out.metricId = 'errorMetric'
      if (c.comparison !== 'zero_times') {
        const ok =
          c.aggregate === 'count' ? isWhole(c.count) && Number(c.count) >= 0 : isNumber(c.count) && Number(c.count) >= 0
        if (!ok) out.count = c.aggregate === 'count' ? 'errorCount' : 'errorNumber'
      }
      if (c.timeframe === 'in_last_days' && !isDays(c.days)) out.days = 'errorDays'
      if (c.timeframe === 'between') {
        if (!isDate(c.start)) out.start = 'errorDate'
        if (!isDate(c.end)) out.end = 'errorDate'
        else if (isDate(c.start) && c.start > c.end) out.end = 'errorDateOrder'
      }
      c.filters.forEach((f, i) => {
        if (!f.property.trim()) out[`filters.${i}.property`] = 'errorFilterProperty'
        else if (f.property.includes('"')) out[`filters.${i}.property`] = 'errorQuote'
        const numeric = f.valueType === 'number' || f.operator === 'greater_than' || f.operator === 'less_than'
        if (numeric && !isNumber(f.value)) out[`filters.${i}.value`] = 'errorNumber'
        else if (f.operator === 'contains' && !f.value) out[`filters.${i}.value`] = 'errorValue'
      })
      break
    case 'profile_property': {
      if (!c.field || c.field === 'properties.') out.field = 'errorField'
      else if (c.field.includes('"')) out.field = 'errorQuote'
      if (!needsValue(c.operator)) break
      const between = c.operator === 'between'
      if (c.operator === 'in_last_days') {
        if (!isDays(c.value)) out.value = 'errorDays'
        break
      }
      const check = (v: string): string | null => {
        switch (c.valueType) {
          case 'text':
            return v === '' && c.operator !== 'equals' && c.operator !== 'not_equals' ? 'errorValue' : null
          case 'number':
            return isNumber(v) ? null : 'errorNumber'
          case 'boolean':
            return v === 'true' || v === 'false' ? null : 'errorBoolean'
          case 'date':
            return isDate(v) ? null : 'errorDate'
          case 'list':
            return v === '' ? 'errorValue' : null
        }
      }
      const e1 = check(c.value)
      if (e1) out.value = e1
      if (between) {
        const e2 = check(c.value2)
        if (e2) out.value2 = e2
        else if (!e1 && (c.valueType === 'number' ? Number(c.value) > Number(c.value2) : c.value > c.value2))
          out.value2 = 'errorRangeOrder'
      }
      break
    }
    case 'list_membership':
      if (!c.listId) out.listId = 'errorList'
      break
    case 'consent':
      break
    case 'location':
      if (!c.value.trim()) out.value = 'errorValue'
      break
    case 'predictive':
      if (c.operator === 'in_next_days') {
        if (!isDays(c.value)) out.value = 'errorDays'
      } else if (isPredictiveDate(c.dimension)) {
        if (!isDate(c.value)) out.value = 'errorDate'
        if (c.operator === 'between') {
          if (!isDate(c.value2)) out.value2 = 'errorDate'
          else if (isDate(c.value) && c.value > c.value2) out.value2 = 'errorDateOrder'
        }
      } else if (!isNumber(c.value)) out.value = 'errorNumber'
      break
  }
  return out
}

/** Issues of every condition by its key; empty when the form is complete. */
export function stateIssues(s: BuilderState): Record<string, ConditionIssues> {
  const out: Record<string, ConditionIssues> = {}
  for (const g of s.groups) {
    for (const c of g.conditions) {
      const issues = conditionIssues(c)
      if (Object.keys(issues).length) out[c.key] = issues
    }
  }
  return out
}

export const isComplete = (s: BuilderState) =>
  s.groups.length > 0 && s.groups.every((g) => g.conditions.length > 0) && Object.keys(stateIssues(s)).length === 0

// ---- form state → definition --------------------------------------------------------------

function filterToDefinition(f: FilterState): EventFilter {
  const numeric = f.valueType === 'number' || f.operator === 'greater_than' || f.operator === 'less_than'
  const value = numeric ? Number(f.value) : f.valueType === 'boolean' ? f.value === 'true' : f.value
  return { property: f.property.trim(), operator: f.operator, value }
}

function propertyValue(type: ValueType, op: PropertyOperator, v: string): string | number | boolean {
  if (op === 'in_last_days') return Number(v)
  switch (type) {
    case 'number':
      return Number(v)
    case 'boolean':
      return v === 'true'
    default:
      return v
  }
}

export function conditionToDefinition(c: ConditionState): Condition {
  switch (c.kind) {
    case '':
      throw new Error('A condition without a kind cannot be converted.')
    case 'metric': {
      const out: MetricCondition = {
        kind: 'metric',
        metricId: c.metricId,
        comparison: c.comparison,
        count: c.comparison === 'zero_times' ? 0 : Number(c.count),
        timeframe:
          c.timeframe === 'all_time'
            ? { type: 'all_time' }
            : c.timeframe === 'in_last_days'
              ? { type: 'in_last_days', days: Number(c.days) }
              : { type: 'between', start: c.start, end: c.end },
      }
      if (c.aggregate === 'sum_value') out.aggregate = 'sum_value'
      if (c.filters.length) out.filters = c.filters.map(filterToDefinition)
      return out
    }
    case 'profile_property': {
      const out: ProfilePropertyCondition = {
        kind: 'profile_property',
        field: c.field as BuiltinField,
        valueType: c.valueType,
        operator: c.operator,
      }
      if (c.operator === 'between') {
        out.value = c.valueType === 'number' ? [Number(c.value), Number(c.value2)] : [c.value, c.value2]
      } else if (needsValue(c.operator)) {
        out.value = propertyValue(c.valueType, c.operator, c.value)
      }
      return out
    }
    case 'list_membership':
      return { kind: 'list_membership', listId: c.listId, operator: c.operator }
    case 'consent':
      return { kind: 'consent', channel: c.channel, operator: c.operator }
    case 'location':
      return { kind: 'location', field: c.field, operator: c.operator, value: c.value.trim() }
    case 'predictive': {
      const value: PredictiveCondition['value'] =
        c.operator === 'between'
          ? [c.value, c.value2]
          : c.operator === 'in_next_days' || !isPredictiveDate(c.dimension)
            ? Number(c.value)
            : c.value
      return { kind: 'predictive', dimension: c.dimension, operator: c.operator, value }
    }
  }
}

/** The definition of a complete form (check isComplete first). */
export function toDefinition(s: BuilderState): SegmentDefinition {
  return {
    version: 1,
    root: {
      type: s.rootType,
      conditions: s.groups.map((g) => ({ type: g.type, conditions: g.conditions.map(conditionToDefinition) })),
    },
  }
}

// ---- definition → form state --------------------------------------------------------------

const str = (v: unknown) => (v === undefined || v === null ? '' : String(v))

function filterToState(f: EventFilter): FilterState {
  const valueType: FilterValueType =
    typeof f.value === 'number' ? 'number' : typeof f.value === 'boolean' ? 'boolean' : 'text'
  return { key: newKey('f'), property: f.property, operator: f.operator, valueType, value: str(f.value) }
}

export function conditionToState(c: Condition): ConditionState {
  const key = newKey('c')
  switch (c.kind) {
    case 'metric':
      return {
        key,
        kind: 'metric',
        metricId: c.metricId,
        comparison: c.comparison,
        count: c.comparison === 'zero_times' ? '0' : str(c.count),
        aggregate: c.aggregate ?? 'count',
        timeframe: c.timeframe.type,
        days: c.timeframe.type === 'in_last_days' ? str(c.timeframe.days) : '30',
        start: c.timeframe.type === 'between' ? c.timeframe.start : '',
        end: c.timeframe.type === 'between' ? c.timeframe.end : '',
        filters: (c.filters ?? []).map(filterToState),
      }
    case 'profile_property': {
      const pair = Array.isArray(c.value) ? c.value : null
      return {
        key,
        kind: 'profile_property',
        field: c.field,
        valueType: c.valueType,
        operator: c.operator,
        value: pair ? str(pair[0]) : str(c.value),
        value2: pair ? str(pair[1]) : '',
      }
    }
    case 'list_membership':
      return { key, kind: 'list_membership', listId: c.listId, operator: c.operator }
    case 'consent':
      return { key, kind: 'consent', channel: c.channel, operator: c.operator }
    case 'location':
      return { key, kind: 'location', field: c.field, operator: c.operator, value: c.value }
    case 'predictive': {
      const pair = Array.isArray(c.value) ? c.value : null
      return {
        key,
        kind: 'predictive',
        dimension: c.dimension,
        operator: c.operator,
        value: pair ? pair[0] : str(c.value),
        value2: pair ? pair[1] : '',
      }
    }
  }
}

/** Whether the builder can show this definition (root → groups → conditions, no deeper). */
export function isBuilderShaped(def: SegmentDefinition): boolean {
  return def.root.conditions.every((n) => !isGroup(n) || n.conditions.every((c) => !isGroup(c)))
}

export function definitionToState(def: SegmentDefinition): BuilderState {
  if (!isBuilderShaped(def)) throw new Error('The definition nests groups deeper than the builder shows.')
  return {
    rootType: def.root.type,
    groups: def.root.conditions.map((n) =>
      isGroup(n)
        ? { key: newKey('g'), type: n.type, conditions: n.conditions.map((c) => conditionToState(c as Condition)) }
        : { key: newKey('g'), type: 'or' as const, conditions: [conditionToState(n)] },
    ),
  }
}

// ---- server errors → rows -----------------------------------------------------------------

export interface MappedErrors {
  /** By condition key, then field. */
  conditions: Record<string, Record<string, string>>
  /** By group key. */
  groups: Record<string, string>
  /** Anything that points at no row. */
  other: string[]
}

const FIELD_ALIASES: Record<string, string> = {
  'timeframe.days': 'days',
  'timeframe.start': 'start',
  'timeframe.end': 'end',
  timeframe: 'days',
}

/**
 * Pins the server's field errors (keys like "definition.root.conditions.0.conditions.1.count")
 * to the rows of the form they came from.
 */
export function mapServerErrors(s: BuilderState, fieldErrors: Record<string, string>): MappedErrors {
  const out: MappedErrors = { conditions: {}, groups: {}, other: [] }
  for (const [path, message] of Object.entries(fieldErrors)) {
    const m = /^(?:definition\.)?root\.conditions\.(\d+)(?:\.conditions(?:\.(\d+)(?:\.(.+))?)?)?$/.exec(path)
    const group = m ? s.groups[Number(m[1])] : undefined
    if (!m || !group) {
      out.other.push(message)
      continue
    }
    if (m[2] === undefined) {
      out.groups[group.key] = message
      continue
    }
    const cond = group.conditions[Number(m[2])]
    if (!cond) {
      out.groups[group.key] = message
      continue
    }
    const field = m[3] ? (FIELD_ALIASES[m[3]] ?? m[3]) : '_'
    ;(out.conditions[cond.key] ??= {})[field] = message
  }
  return out
}

export type { ConditionGroup }
