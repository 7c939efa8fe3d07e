// The vendor's segment definition (`condition_groups`: groups ANDed, conditions ORed within a
// group) → our definition (lib/segments/definition.ts): the root ANDs the groups, a group of one
// condition is that condition, a larger one an OR group. What our definition cannot express
// (custom objects, funnels, regex, anniversaries, …) is a 400 naming the
// condition and pointing at it; the result is then validated like any other definition.
// definition-to-condition-groups.ts writes the same conditions back.
import type { Condition, ConditionGroup, EventFilter, SegmentDefinition, Timeframe } from '@/lib/segments/definition'
import { ApiError } from '../api-error'
import { ourPropertyField } from './vendor-property-names'
import { PredictiveRefused, predictiveFromVendor } from './predictive-condition'

type Obj = Record<string, unknown>

class Refused extends Error {
  constructor(
    readonly where: string,
    message: string,
  ) {
    super(message)
  }
}

const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v)
const obj = (v: unknown, where: string, what: string): Obj => {
  if (!isObj(v)) throw new Refused(where, `Expected ${what} (an object).`)
  return v
}
const num = (v: unknown, where: string, what: string): number => {
  if (typeof v !== 'number' || !Number.isFinite(v)) throw new Refused(where, `Expected a number for ${what}.`)
  return v
}
const str = (v: unknown, where: string, what: string): string => {
  if (typeof v !== 'string') throw new Refused(where, `Expected a text for ${what}.`)
  return v
}

const UNDERSCORE: Record<string, string> = {
  equals: 'equals',
  'not-equals': 'not_equals',
  contains: 'contains',
  'not-contains': 'not_contains',
  'starts-with': 'starts_with',
  'ends-with': 'ends_with',
  'greater-than': 'greater_than',
  'less-than': 'less_than',
}

const DAYS_PER = { day: 1, week: 7 } as Record<string, number>

function days(f: Obj, type: string, where: string): number {
  const per = DAYS_PER[String(f.unit)]
  if (!per) throw new Refused(where, `A ${type} condition counts whole days or weeks here, not "${String(f.unit)}".`)
  const q = f.quantity
  if (typeof q !== 'number' || !Number.isInteger(q) || q < 1)
    throw new Refused(where, 'Expected a whole positive quantity.')
  return q * per
}

function propertyCondition(c: Obj, where: string): Condition {
  const field = ourPropertyField(str(c.property, `${where}/property`, 'property'))
  const f = obj(c.filter, `${where}/filter`, 'a filter')
  const op = String(f.operator)
  const refuse = (): never => {
    throw new Refused(
      `${where}/filter`,
      `The profile-property filter "${String(f.type)}" with operator "${op}" cannot be represented in this segment definition.`,
    )
  }
  const LOCATION_OPS = ['equals', 'not-equals', 'contains']
  if (
    f.type === 'string' &&
    (field === 'country' || field === 'region' || field === 'city') &&
    LOCATION_OPS.includes(op) &&
    typeof f.value === 'string'
  ) {
    // location['country'] and friends: the location condition, which knows a country's names.
    return { kind: 'location', field, operator: UNDERSCORE[op] as 'equals', value: f.value }
  }
  const text = (
    valueType: 'text' | 'number' | 'boolean' | 'date' | 'list',
    operator: string,
    value?: unknown,
  ): Condition => ({
    kind: 'profile_property',
    field: field as never,
    valueType,
    operator: operator as never,
    ...(value !== undefined ? { value: value as never } : {}),
  })
  switch (f.type) {
    case 'existence': {
      if (op !== 'is-set' && op !== 'not-set') refuse()
      const valueType = field === 'created' || field === 'updated' || field === 'last_event_date' ? 'date' : 'text'
      return text(valueType, op === 'is-set' ? 'is_set' : 'is_not_set')
    }
    case 'string':
      if (
        !['equals', 'not-equals', 'contains', 'not-contains', 'starts-with', 'ends-with'].includes(op) ||
        typeof f.value !== 'string'
      )
        refuse()
      return text('text', UNDERSCORE[op]!, f.value)
    case 'numeric':
      if (op === 'between')
        return text('number', 'between', [
          num(f.start, `${where}/filter/start`, 'start'),
          num(f.end, `${where}/filter/end`, 'end'),
        ])
      if (!['equals', 'not-equals', 'greater-than', 'less-than'].includes(op)) refuse()
      return text('number', UNDERSCORE[op]!, num(f.value, `${where}/filter/value`, 'value'))
    case 'boolean':
      if (op !== 'equals' || typeof f.value !== 'boolean') refuse()
      return text('boolean', 'equals', f.value)
    case 'date':
      if (op === 'before' || op === 'after') return text('date', op, str(f.date, `${where}/filter/date`, 'date'))
      if (op === 'between-static')
        return text('date', 'between', [
          str(f.start, `${where}/filter/start`, 'start'),
          str(f.end, `${where}/filter/end`, 'end'),
        ])
      if (op === 'in-the-last') return text('date', 'in_last_days', days(f, 'profile-property', `${where}/filter`))
      return refuse()
    case 'list':
      if ((op !== 'contains' && op !== 'not-contains') || (typeof f.value !== 'string' && typeof f.value !== 'number'))
        refuse()
      return text('list', op === 'contains' ? 'contains_item' : 'not_contains', f.value)
    default:
      return refuse()
  }
}

function timeframe(v: unknown, where: string): Timeframe {
  const t = obj(v, where, 'a timeframe_filter')
  if (t.type === 'date' && t.operator === 'alltime') return { type: 'all_time' }
  if (t.type === 'date' && t.operator === 'in-the-last')
    return { type: 'in_last_days', days: days(t, 'profile-metric', where) }
  if (t.type === 'date' && t.operator === 'between-static')
    return { type: 'between', start: str(t.start, `${where}/start`, 'start'), end: str(t.end, `${where}/end`, 'end') }
  throw new Refused(
    where,
    `The profile-metric timeframe "${String(t.operator)}" cannot be represented in this segment definition: use alltime, in-the-last or between-static.`,
  )
}

function metricFilter(v: unknown, where: string): EventFilter {
  const mf = obj(v, where, 'a metric filter')
  const property = str(mf.property, `${where}/property`, 'property')
  const f = obj(mf.filter, `${where}/filter`, 'a filter')
  const op = String(f.operator)
  const ok =
    (f.type === 'string' && ['equals', 'not-equals', 'contains'].includes(op) && typeof f.value === 'string') ||
    (f.type === 'numeric' &&
      ['equals', 'not-equals', 'greater-than', 'less-than'].includes(op) &&
      typeof f.value === 'number') ||
    (f.type === 'boolean' && op === 'equals' && typeof f.value === 'boolean')
  if (!ok)
    throw new Refused(
      `${where}/filter`,
      `The metric filter "${String(f.type)}" with operator "${op}" cannot be represented in this segment definition.`,
    )
  return { property, operator: UNDERSCORE[op] as EventFilter['operator'], value: f.value as string | number | boolean }
}

function metricCondition(c: Obj, where: string): Condition {
  const metricId = str(c.metric_id, `${where}/metric_id`, 'metric_id')
  const sum = c.measurement === 'sum'
  if (!sum && c.measurement !== 'count') throw new Refused(`${where}/measurement`, 'measurement must be count or sum.')
  const m = obj(c.measurement_filter, `${where}/measurement_filter`, 'a measurement_filter')
  const value = num(m.value, `${where}/measurement_filter/value`, 'value')
  const op = String(m.operator)
  const tf = timeframe(c.timeframe_filter, `${where}/timeframe_filter`)
  const filters =
    c.metric_filters == null
      ? []
      : Array.isArray(c.metric_filters)
        ? c.metric_filters.map((f, i) => metricFilter(f, `${where}/metric_filters/${i}`))
        : (() => {
            throw new Refused(`${where}/metric_filters`, 'Expected a list of metric filters.')
          })()
  const base = {
    kind: 'metric' as const,
    metricId,
    timeframe: tf,
    ...(sum ? { aggregate: 'sum_value' as const } : {}),
    ...(filters.length ? { filters } : {}),
  }
  // A count is whole, so "more than n" is "at least n + 1"; a sum has no such neighbour.
  const whole = !sum && Number.isInteger(value)
  if (!sum && value === 0 && op === 'equals') return { ...base, comparison: 'zero_times', count: 0 }
  if (op === 'greater-than-or-equal') return { ...base, comparison: 'at_least', count: value }
  if (op === 'less-than-or-equal') return { ...base, comparison: 'at_most', count: value }
  if (op === 'equals') return { ...base, comparison: 'exactly', count: value }
  if (op === 'greater-than' && whole) return { ...base, comparison: 'at_least', count: value + 1 }
  if (op === 'less-than' && whole && value >= 1)
    return { ...base, comparison: value === 1 ? 'zero_times' : 'at_most', count: value === 1 ? 0 : value - 1 }
  throw new Refused(
    `${where}/measurement_filter/operator`,
    `The profile-metric measurement "${String(c.measurement)}" with operator "${op}" cannot be represented in this segment definition.`,
  )
}

function consentCondition(c: Obj, where: string): Condition {
  const consent = obj(c.consent, `${where}/consent`, 'consent')
  const status = obj(consent.consent_status, `${where}/consent/consent_status`, 'consent_status')
  const can = consent.can_receive_marketing
  const filters = status.filters
  const plain = filters == null || (Array.isArray(filters) && filters.length === 0)
  const channel = consent.channel === 'email' ? 'email_marketing' : consent.channel === 'sms' ? 'sms_marketing' : null
  // Our consent condition is "can receive" or not: email implicitly (anyone not unsubscribed or
  // suppressed: the vendor's "any"), SMS explicitly subscribed.
  const expected = can === true && channel === 'sms_marketing' ? 'subscribed' : 'any'
  if (!channel || typeof can !== 'boolean' || !plain || status.subscription !== expected) {
    throw new Refused(
      `${where}/consent`,
      `This profile-marketing-consent condition (channel ${String(consent.channel)}, subscription ${String(status.subscription)}${plain ? '' : ', with filters'}) cannot be represented in this segment definition: use email or sms with subscription "${expected}" and no filters.`,
    )
  }
  return { kind: 'consent', channel, operator: can ? 'can_receive' : 'cannot_receive' }
}

function conditionOf(v: unknown, where: string): Condition[] {
  const c = obj(v, where, 'a condition')
  switch (c.type) {
    case 'profile-property':
      return [propertyCondition(c, where)]
    case 'profile-metric':
      return [metricCondition(c, where)]
    case 'profile-marketing-consent':
      return [consentCondition(c, where)]
    case 'profile-predictive-analytics':
      try {
        return [predictiveFromVendor(c, where)]
      } catch (e) {
        if (e instanceof PredictiveRefused) throw new Refused(e.where, e.message)
        throw e
      }
    case 'profile-group-membership': {
      const ids = Array.isArray(c.group_ids) ? c.group_ids : null
      if (!ids || ids.length !== 1 || typeof ids[0] !== 'string')
        throw new Refused(`${where}/group_ids`, 'A profile-group-membership condition names exactly one list here.')
      if (c.timeframe_filter != null)
        throw new Refused(
          `${where}/timeframe_filter`,
          'A profile-group-membership condition with a timeframe_filter cannot be represented in this segment definition.',
        )
      if (typeof c.is_member !== 'boolean') throw new Refused(`${where}/is_member`, 'is_member must be true or false.')
      return [{ kind: 'list_membership', listId: ids[0], operator: c.is_member ? 'in' : 'not_in' }]
    }
    case 'profile-region':
      if (c.region !== 'united_states' || typeof c.in_region !== 'boolean') {
        throw new Refused(
          where,
          `The profile-region condition "${String(c.region)}" cannot be represented in this segment definition (only united_states).`,
        )
      }
      return [{ kind: 'location', field: 'country', operator: c.in_region ? 'equals' : 'not_equals', value: 'US' }]
    default:
      throw new Refused(
        where,
        typeof c.type === 'string'
          ? `The ${c.type} condition cannot be represented in this segment definition.`
          : 'Each condition needs a type.',
      )
  }
}

/**
 * `definition` as the request gave it → our definition (not yet validated: parseDefinitionOrThrow
 * does that). `base` is the JSON pointer of the definition in the body.
 */
export function conditionGroupsToDefinition(input: unknown, base = '/data/attributes/definition'): SegmentDefinition {
  try {
    const def = obj(input, base, 'a definition')
    const groups = def.condition_groups
    if (!Array.isArray(groups) || groups.length === 0)
      throw new Refused(`${base}/condition_groups`, 'Expected at least one condition group.')
    const root: ConditionGroup = {
      type: 'and',
      conditions: groups.map((g, i) => {
        const where = `${base}/condition_groups/${i}`
        const list = obj(g, where, 'a condition group').conditions
        if (!Array.isArray(list) || list.length === 0)
          throw new Refused(`${where}/conditions`, 'A condition group needs at least one condition.')
        const conditions = list.flatMap((c, j) => conditionOf(c, `${where}/conditions/${j}`))
        return conditions.length === 1 ? conditions[0]! : { type: 'or' as const, conditions }
      }),
    }
    return { version: 1, root }
  } catch (e) {
    if (e instanceof Refused) throw new ApiError(400, 'invalid', e.message, { pointer: e.where })
    throw e
  }
}

/**
 * A field error of our definition ("definition.root.conditions.2.conditions.1.value") → the
 * pointer of the vendor condition it came from (groups map one to one onto the root's children).
 */
export function conditionPointer(field: string, base = '/data/attributes/definition'): string {
  const m = /^definition\.root\.conditions\.(\d+)(?:\.conditions\.(\d+))?/.exec(field)
  if (!m) return base
  return `${base}/condition_groups/${m[1]}/conditions/${m[2] ?? 0}`
}
