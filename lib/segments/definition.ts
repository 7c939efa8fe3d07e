// The segment definition: typed, versioned data (zod), nested AND/OR groups of conditions.
// A definition is validated here for shape; references to metrics and lists are checked
// against the company in validate-definition-refs.ts (they need the database).
import { z } from 'zod'
import { propertyNameProblem, propertyNameSchema } from '@/lib/db/json-path'
import { DEFINITION_LIMITS } from './definition-limits'

export const BUILTIN_FIELDS = [
  'email',
  'phone_number',
  'first_name',
  'last_name',
  'organization',
  'title',
  'locale',
  'city',
  'region',
  'country',
  'zip',
  'timezone',
  'created',
  'updated',
  'last_event_date',
] as const
export type BuiltinField = (typeof BUILTIN_FIELDS)[number]
export const DATE_FIELDS: readonly BuiltinField[] = ['created', 'updated', 'last_event_date']

export const VALUE_TYPES = ['text', 'number', 'boolean', 'date', 'list'] as const
export const PROPERTY_OPERATORS = [
  'equals',
  'not_equals',
  'contains',
  'not_contains',
  'starts_with',
  'ends_with',
  'greater_than',
  'less_than',
  'is_set',
  'is_not_set',
  'in_last_days',
  'before',
  'after',
  'between',
  'contains_item',
] as const
export type ValueType = (typeof VALUE_TYPES)[number]
export type PropertyOperator = (typeof PROPERTY_OPERATORS)[number]

/** Which operators each value type accepts (the builder shows the same lists). */
export const OPERATORS_BY_TYPE: Record<ValueType, readonly PropertyOperator[]> = {
  text: ['equals', 'not_equals', 'contains', 'not_contains', 'starts_with', 'ends_with', 'is_set', 'is_not_set'],
  number: ['equals', 'not_equals', 'greater_than', 'less_than', 'between', 'is_set', 'is_not_set'],
  boolean: ['equals', 'not_equals', 'is_set', 'is_not_set'],
  date: ['before', 'after', 'between', 'in_last_days', 'is_set', 'is_not_set'],
  list: ['contains_item', 'not_contains', 'is_set', 'is_not_set'],
}

export const MAX_DEPTH = DEFINITION_LIMITS.nesting
// The shape's own ceiling per group, wider than DEFINITION_LIMITS.itemsPerGroup: definitions
// stored before those limits must still be read and evaluated; new ones are held to the limits
// where they are accepted (parseDefinitionOrThrow).
export const MAX_CONDITIONS = 50
const MAX_DAYS = 36500

const PROPERTY_PREFIX = 'properties.'
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?)?$/

const isoDate = z
  .string()
  .regex(ISO_DATE, 'Expected a date (YYYY-MM-DD) or an ISO 8601 date-time.')
  .refine((s) => !Number.isNaN(Date.parse(s)), 'Not a valid date.')
const scalar = z.union([z.string().max(1000), z.number(), z.boolean()])

export interface ProfilePropertyCondition {
  kind: 'profile_property'
  field: BuiltinField | `properties.${string}`
  valueType: ValueType
  operator: PropertyOperator
  value?: string | number | boolean | Array<string | number>
}
export type Timeframe =
  { type: 'all_time' } | { type: 'in_last_days'; days: number } | { type: 'between'; start: string; end: string }
export interface EventFilter {
  property: string
  operator: 'equals' | 'not_equals' | 'contains' | 'greater_than' | 'less_than'
  value: string | number | boolean
}
export interface MetricCondition {
  kind: 'metric'
  metricId: string
  comparison: 'at_least' | 'at_most' | 'exactly' | 'zero_times'
  count: number
  timeframe: Timeframe
  aggregate?: 'count' | 'sum_value'
  filters?: EventFilter[]
}
export interface ListMembershipCondition {
  kind: 'list_membership'
  listId: string
  operator: 'in' | 'not_in'
}
export interface ConsentCondition {
  kind: 'consent'
  channel: 'email_marketing' | 'sms_marketing'
  operator: 'can_receive' | 'cannot_receive'
}
export interface LocationCondition {
  kind: 'location'
  field: 'country' | 'region' | 'city'
  operator: 'equals' | 'not_equals' | 'contains'
  value: string
}
/** Issue 23 §3: the vendor's profile-predictive-analytics dimensions (lib/predictive scores them). */
export const PREDICTIVE_NUMERIC_DIMENSIONS = [
  'average_days_between_orders',
  'average_order_value',
  'churn_probability',
  'historic_clv',
  'historic_number_of_orders',
  'predicted_clv',
  'predicted_number_of_orders',
  'total_clv',
] as const
export const PREDICTIVE_DIMENSIONS = [...PREDICTIVE_NUMERIC_DIMENSIONS, 'expected_date_of_next_order'] as const
export type PredictiveDimension = (typeof PREDICTIVE_DIMENSIONS)[number]
export const PREDICTIVE_NUMBER_OPERATORS = [
  'equals',
  'not_equals',
  'greater_than',
  'greater_or_equal',
  'less_than',
  'less_or_equal',
] as const
export const PREDICTIVE_DATE_OPERATORS = ['before', 'after', 'between', 'in_next_days'] as const
export type PredictiveOperator =
  (typeof PREDICTIVE_NUMBER_OPERATORS)[number] | (typeof PREDICTIVE_DATE_OPERATORS)[number]
export interface PredictiveCondition {
  kind: 'predictive'
  dimension: PredictiveDimension
  operator: PredictiveOperator
  value: number | string | [string, string]
}
export type Condition =
  | ProfilePropertyCondition
  | MetricCondition
  | ListMembershipCondition
  | ConsentCondition
  | LocationCondition
  | PredictiveCondition
export interface ConditionGroup {
  type: 'and' | 'or'
  conditions: Array<Condition | ConditionGroup>
}
export interface SegmentDefinition {
  version: 1
  root: ConditionGroup
}

const profilePropertyCondition = z
  .object({
    kind: z.literal('profile_property'),
    // properties.<name>: the name is checked where every JSON path is built (lib/db/json-path.ts).
    field: z.string().superRefine((f, ctx) => {
      if ((BUILTIN_FIELDS as readonly string[]).includes(f)) return
      const problem = f.startsWith(PROPERTY_PREFIX)
        ? propertyNameProblem(f.slice(PROPERTY_PREFIX.length))
        : `Expected one of ${BUILTIN_FIELDS.join(', ')} or properties.<name>.`
      if (problem) ctx.addIssue({ code: 'custom', message: problem })
    }),
    valueType: z.enum(VALUE_TYPES),
    operator: z.enum(PROPERTY_OPERATORS),
    value: z.union([scalar, z.array(z.union([z.string().max(1000), z.number()])).max(2)]).optional(),
  })
  .superRefine((c, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message })
    if ((DATE_FIELDS as readonly string[]).includes(c.field) && c.valueType !== 'date')
      issue('valueType', `${c.field} is a date: use valueType date.`)
    else if (
      (BUILTIN_FIELDS as readonly string[]).includes(c.field) &&
      !DATE_FIELDS.includes(c.field as BuiltinField) &&
      c.valueType !== 'text'
    ) {
      issue('valueType', `${c.field} is text: use valueType text.`)
    }
    if (!OPERATORS_BY_TYPE[c.valueType].includes(c.operator)) {
      issue('operator', `For ${c.valueType} values use one of: ${OPERATORS_BY_TYPE[c.valueType].join(', ')}.`)
      return
    }
    const v = c.value
    if (c.operator === 'is_set' || c.operator === 'is_not_set') return
    if (v === undefined) return issue('value', 'A value is required for this operator.')
    if (c.operator === 'between') {
      if (!Array.isArray(v) || v.length !== 2) return issue('value', 'Expected two values [from, to].')
      if (c.valueType === 'number' && !v.every((x) => typeof x === 'number'))
        return issue('value', 'Expected two numbers.')
      if (c.valueType === 'date' && !v.every((x) => typeof x === 'string' && isoDate.safeParse(x).success))
        return issue('value', 'Expected two dates (YYYY-MM-DD).')
      if (c.valueType === 'date' ? Date.parse(String(v[0])) > Date.parse(String(v[1])) : Number(v[0]) > Number(v[1]))
        issue('value', 'The first value must not be after the second.')
      return
    }
    if (Array.isArray(v)) return issue('value', 'Expected a single value.')
    if (c.operator === 'in_last_days') {
      if (typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > MAX_DAYS)
        issue('value', `Expected a whole number of days from 1 to ${MAX_DAYS}.`)
      return
    }
    switch (c.valueType) {
      case 'text':
        if (typeof v !== 'string' || (c.operator !== 'equals' && c.operator !== 'not_equals' && v === ''))
          issue('value', 'Expected a non-empty text.')
        return
      case 'number':
        if (typeof v !== 'number' || !Number.isFinite(v)) issue('value', 'Expected a number.')
        return
      case 'boolean':
        if (typeof v !== 'boolean') issue('value', 'Expected true or false.')
        return
      case 'date':
        if (typeof v !== 'string' || !isoDate.safeParse(v).success)
          issue('value', 'Expected a date (YYYY-MM-DD) or an ISO 8601 date-time.')
        return
      case 'list':
        if (typeof v === 'boolean' || v === '') issue('value', 'Expected the item to look for (text or number).')
        return
    }
  })

const timeframe = z.discriminatedUnion('type', [
  z.object({ type: z.literal('all_time') }),
  z.object({ type: z.literal('in_last_days'), days: z.number().int().min(1).max(MAX_DAYS) }),
  z
    .object({ type: z.literal('between'), start: isoDate, end: isoDate })
    .refine((t) => Date.parse(t.start) <= Date.parse(t.end), {
      path: ['end'],
      message: 'The end must not be before the start.',
    }),
])

const eventFilter = z
  .object({
    property: propertyNameSchema,
    operator: z.enum(['equals', 'not_equals', 'contains', 'greater_than', 'less_than']),
    value: scalar,
  })
  .superRefine((f, ctx) => {
    if ((f.operator === 'greater_than' || f.operator === 'less_than') && typeof f.value !== 'number') {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'Expected a number.' })
    }
    if (f.operator === 'contains' && (typeof f.value !== 'string' || f.value === '')) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'Expected a non-empty text.' })
    }
  })

const metricCondition = z
  .object({
    kind: z.literal('metric'),
    metricId: z.string().min(1).max(64),
    comparison: z.enum(['at_least', 'at_most', 'exactly', 'zero_times']),
    count: z.number().min(0).max(1e12).default(0),
    timeframe,
    aggregate: z.enum(['count', 'sum_value']).optional(),
    filters: z.array(eventFilter).max(DEFINITION_LIMITS.filtersPerCondition).optional(),
  })
  .superRefine((c, ctx) => {
    if ((c.aggregate ?? 'count') === 'count' && !Number.isInteger(c.count)) {
      ctx.addIssue({ code: 'custom', path: ['count'], message: 'Expected a whole number of times.' })
    }
  })

const listMembershipCondition = z.object({
  kind: z.literal('list_membership'),
  listId: z.string().min(1).max(64),
  operator: z.enum(['in', 'not_in']),
})
const consentCondition = z.object({
  kind: z.literal('consent'),
  channel: z.enum(['email_marketing', 'sms_marketing']),
  operator: z.enum(['can_receive', 'cannot_receive']),
})
const locationCondition = z.object({
  kind: z.literal('location'),
  field: z.enum(['country', 'region', 'city']),
  operator: z.enum(['equals', 'not_equals', 'contains']),
  value: z.string().min(1).max(200),
})

const predictiveCondition = z
  .object({
    kind: z.literal('predictive'),
    dimension: z.enum(PREDICTIVE_DIMENSIONS),
    operator: z.enum([...PREDICTIVE_NUMBER_OPERATORS, ...PREDICTIVE_DATE_OPERATORS]),
    value: z.union([z.number(), isoDate, z.tuple([isoDate, isoDate])]),
  })
  .superRefine((c, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message })
    const isDate = c.dimension === 'expected_date_of_next_order'
    const ops: readonly string[] = isDate ? PREDICTIVE_DATE_OPERATORS : PREDICTIVE_NUMBER_OPERATORS
    if (!ops.includes(c.operator)) return issue('operator', `For ${c.dimension} use one of: ${ops.join(', ')}.`)
    const v = c.value
    if (c.operator === 'between') {
      if (!Array.isArray(v)) return issue('value', 'Expected two dates [from, to].')
      if (Date.parse(v[0]) > Date.parse(v[1])) issue('value', 'The first date must not be after the second.')
      return
    }
    if (Array.isArray(v)) return issue('value', 'Expected a single value.')
    if (c.operator === 'in_next_days') {
      if (typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > MAX_DAYS)
        issue('value', `Expected a whole number of days from 1 to ${MAX_DAYS}.`)
      return
    }
    if (isDate && typeof v !== 'string') issue('value', 'Expected a date (YYYY-MM-DD) or an ISO 8601 date-time.')
    if (!isDate && (typeof v !== 'number' || !Number.isFinite(v))) issue('value', 'Expected a number.')
  })

export const segmentCondition = z.discriminatedUnion('kind', [
  profilePropertyCondition,
  metricCondition,
  listMembershipCondition,
  consentCondition,
  locationCondition,
  predictiveCondition,
])

// A node is a group when it has `conditions`, else a condition; dispatching by hand (rather
// than z.union) keeps the errors precise: the path points at the offending field.
const node: z.ZodType<Condition | ConditionGroup> = z.lazy(() =>
  z.unknown().transform((v, ctx) => {
    const schema: z.ZodType<unknown> =
      v && typeof v === 'object' && 'conditions' in v ? conditionGroup : segmentCondition
    const r = schema.safeParse(v)
    if (!r.success) {
      for (const i of r.error.issues)
        ctx.addIssue({ ...(i as object), code: 'custom', path: i.path, message: i.message })
      return z.NEVER
    }
    return r.data as Condition | ConditionGroup
  }),
)

const conditionGroup: z.ZodType<ConditionGroup> = z.object({
  type: z.enum(['and', 'or']),
  conditions: z.array(node).min(1, 'A group needs at least one condition.').max(MAX_CONDITIONS),
})

export const isGroup = (n: Condition | ConditionGroup): n is ConditionGroup => 'conditions' in n

function checkDepth(g: ConditionGroup, depth: number, path: (string | number)[], ctx: z.RefinementCtx): void {
  g.conditions.forEach((c, i) => {
    if (!isGroup(c)) return
    if (depth + 1 > MAX_DEPTH) {
      ctx.addIssue({
        code: 'custom',
        path: [...path, 'conditions', i],
        message: `Groups can be nested at most ${MAX_DEPTH} levels deep.`,
      })
    } else checkDepth(c, depth + 1, [...path, 'conditions', i], ctx)
  })
}

export const segmentDefinition: z.ZodType<SegmentDefinition> = z
  .object({
    version: z.literal(1),
    root: conditionGroup,
  })
  .superRefine((d, ctx) => checkDepth(d.root, 1, ['root'], ctx)) as z.ZodType<SegmentDefinition>

/** Every condition of a definition, depth-first. */
export function conditionsOf(def: SegmentDefinition): Condition[] {
  const out: Condition[] = []
  const walk = (g: ConditionGroup) => g.conditions.forEach((c) => (isGroup(c) ? walk(c) : out.push(c)))
  walk(def.root)
  return out
}

/** Whether membership can change with the passing of time alone ("in the last N days"). */
export function isTimeRelative(def: SegmentDefinition): boolean {
  return conditionsOf(def).some(
    (c) =>
      (c.kind === 'metric' && c.timeframe.type === 'in_last_days') ||
      (c.kind === 'profile_property' && c.operator === 'in_last_days') ||
      (c.kind === 'predictive' && c.operator === 'in_next_days'),
  )
}

type Maybe = boolean | null

/**
 * Whether a profile with no events and no list memberships (a profile just created) can be a
 * member, judged on the definition alone: metric conditions see a count and a sum of 0, list
 * conditions see no membership, and conditions on the profile's own fields, consent or location
 * are unknown (null) until evaluated. Only a definition that is false for every such profile
 * answers false.
 */
export function canMatchWithoutActivity(def: SegmentDefinition): boolean {
  const condition = (c: Condition): Maybe => {
    if (c.kind === 'list_membership') return c.operator === 'not_in'
    if (c.kind !== 'metric') return null
    if (c.comparison === 'zero_times') return true
    return c.comparison === 'at_least' ? c.count <= 0 : c.comparison === 'at_most' ? c.count >= 0 : c.count === 0
  }
  const group = (g: ConditionGroup): Maybe => {
    const values = g.conditions.map((c) => (isGroup(c) ? group(c) : condition(c)))
    if (g.type === 'and') return values.includes(false) ? false : values.every((v) => v === true) ? true : null
    return values.includes(true) ? true : values.every((v) => v === false) ? false : null
  }
  return group(def.root) !== false
}

export function assertUnreachable(x: never): never {
  throw new Error('Unexpected value: ' + JSON.stringify(x))
}
