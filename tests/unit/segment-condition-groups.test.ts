// Issue 28 §1: our segment definition and the vendor's condition_groups translate both ways
// without loss for every condition the builder makes, and what we cannot express is refused
// naming the condition.
import { conditionGroupsToDefinition } from '@/lib/api/segments/condition-groups-to-definition'
import { definitionToConditionGroups } from '@/lib/api/segments/definition-to-condition-groups'
import { ApiError } from '@/lib/api/api-error'
import type { Condition, SegmentDefinition } from '@/lib/segments/definition'

const CONDITIONS: Condition[] = [
  { kind: 'profile_property', field: 'email', valueType: 'text', operator: 'ends_with', value: '@example.com' },
  { kind: 'profile_property', field: 'first_name', valueType: 'text', operator: 'is_set' },
  { kind: 'profile_property', field: 'properties.age', valueType: 'number', operator: 'greater_than', value: 30 },
  { kind: 'profile_property', field: 'properties.age', valueType: 'number', operator: 'between', value: [18, 65] },
  { kind: 'profile_property', field: 'properties.vip', valueType: 'boolean', operator: 'equals', value: true },
  { kind: 'profile_property', field: 'created', valueType: 'date', operator: 'in_last_days', value: 30 },
  {
    kind: 'profile_property',
    field: 'properties.birthday',
    valueType: 'date',
    operator: 'between',
    value: ['2020-01-01', '2020-12-31'],
  },
  { kind: 'profile_property', field: 'last_event_date', valueType: 'date', operator: 'before', value: '2026-01-01' },
  { kind: 'profile_property', field: 'properties.tags', valueType: 'list', operator: 'contains_item', value: 'gold' },
  { kind: 'metric', metricId: 'MetA', comparison: 'at_least', count: 2, timeframe: { type: 'in_last_days', days: 90 } },
  { kind: 'metric', metricId: 'MetA', comparison: 'zero_times', count: 0, timeframe: { type: 'all_time' } },
  {
    kind: 'metric',
    metricId: 'MetB',
    comparison: 'at_most',
    count: 100.5,
    aggregate: 'sum_value',
    timeframe: { type: 'between', start: '2026-01-01', end: '2026-03-31' },
  },
  {
    kind: 'metric',
    metricId: 'MetB',
    comparison: 'exactly',
    count: 1,
    timeframe: { type: 'all_time' },
    filters: [
      { property: 'Brand', operator: 'contains', value: 'Acme' },
      { property: '$value', operator: 'greater_than', value: 50 },
      { property: 'gift', operator: 'equals', value: true },
    ],
  },
  { kind: 'list_membership', listId: 'LstA', operator: 'in' },
  { kind: 'list_membership', listId: 'LstA', operator: 'not_in' },
  { kind: 'consent', channel: 'email_marketing', operator: 'can_receive' },
  { kind: 'consent', channel: 'email_marketing', operator: 'cannot_receive' },
  { kind: 'consent', channel: 'sms_marketing', operator: 'can_receive' },
  { kind: 'consent', channel: 'sms_marketing', operator: 'cannot_receive' },
  { kind: 'location', field: 'city', operator: 'equals', value: 'Boston' },
  { kind: 'location', field: 'country', operator: 'not_equals', value: 'US' },
]

test.each(CONDITIONS.map((c) => [c.kind, c] as const))('%s: ours → vendor → ours is the same condition', (_, c) => {
  const def: SegmentDefinition = { version: 1, root: { type: 'and', conditions: [c] } }
  const vendor = definitionToConditionGroups(def)
  expect(vendor.condition_groups[0]!.conditions[0]!.type).toMatch(/^profile-/)
  expect(conditionGroupsToDefinition(vendor)).toEqual(def)
  // …and the vendor form reads back to itself.
  expect(definitionToConditionGroups(conditionGroupsToDefinition(vendor))).toEqual(vendor)
})

test('groups: AND of ORs both ways; a deeper tree is written in conjunctive normal form', () => {
  const [a, b, c, d] = CONDITIONS as [Condition, Condition, Condition, Condition]
  const def: SegmentDefinition = {
    version: 1,
    root: { type: 'and', conditions: [a, { type: 'or', conditions: [b, c] }] },
  }
  const vendor = definitionToConditionGroups(def)
  expect(vendor.condition_groups.map((g) => g.conditions.length)).toEqual([1, 2])
  expect(conditionGroupsToDefinition(vendor)).toEqual(def)
  // (a ∧ b) ∨ (c ∧ d) = (a ∨ c) ∧ (a ∨ d) ∧ (b ∨ c) ∧ (b ∨ d)
  const nested: SegmentDefinition = {
    version: 1,
    root: {
      type: 'or',
      conditions: [
        { type: 'and', conditions: [a, b] },
        { type: 'and', conditions: [c, d] },
      ],
    },
  }
  const cnf = conditionGroupsToDefinition(definitionToConditionGroups(nested))
  expect(cnf.root.conditions).toEqual([
    { type: 'or', conditions: [a, c] },
    { type: 'or', conditions: [a, d] },
    { type: 'or', conditions: [b, c] },
    { type: 'or', conditions: [b, d] },
  ])
})

test("the vendor's other spellings are read as their equivalents", () => {
  const read = (condition: Record<string, unknown>) =>
    conditionGroupsToDefinition({ condition_groups: [{ conditions: [condition] }] }).root.conditions[0]
  expect(
    read({
      type: 'profile-metric',
      metric_id: 'M',
      measurement: 'count',
      measurement_filter: { type: 'numeric', operator: 'greater-than', value: 2 },
      timeframe_filter: { type: 'date', operator: 'in-the-last', unit: 'week', quantity: 2 },
    }),
  ).toEqual({
    kind: 'metric',
    metricId: 'M',
    comparison: 'at_least',
    count: 3,
    timeframe: { type: 'in_last_days', days: 14 },
  })
  expect(read({ type: 'profile-region', region: 'united_states', in_region: true })).toEqual({
    kind: 'location',
    field: 'country',
    operator: 'equals',
    value: 'US',
  })
  expect(
    read({
      type: 'profile-property',
      property: 'my_string_property',
      filter: { type: 'string', operator: 'equals', value: 'x' },
    }),
  ).toEqual({
    kind: 'profile_property',
    field: 'properties.my_string_property',
    valueType: 'text',
    operator: 'equals',
    value: 'x',
  })
  expect(
    read({ type: 'profile-property', property: 'location.zip', filter: { type: 'existence', operator: 'not-set' } }),
  ).toEqual({ kind: 'profile_property', field: 'zip', valueType: 'text', operator: 'is_not_set' })
})

test.each([
  [
    {
      // Issue 23 made the numeric and date dimensions representable; predicted gender is not.
      type: 'profile-predictive-analytics',
      dimension: 'predicted_gender',
      filter: { type: 'string', operator: 'equals', value: 'likely_female' },
    },
    'profile-predictive-analytics',
    '',
  ],
  [
    {
      type: 'profile-has-custom-object',
      object_type_id: 'x',
      object_type_relationship_id: 'y',
      filter: {},
      filters: [],
    },
    'profile-has-custom-object',
    '',
  ],
  [
    {
      type: 'profile-postal-code-distance',
      country_code: 'US',
      postal_code: '02110',
      unit: 'miles',
      filter: { type: 'numeric', operator: 'less-than', value: 5 },
    },
    'profile-postal-code-distance',
    '',
  ],
  [{ type: 'profile-region', region: 'european_union', in_region: true }, 'european_union', ''],
  [
    { type: 'profile-property', property: 'email', filter: { type: 'string', operator: 'regex', value: '.*' } },
    'regex',
    '/filter',
  ],
  [
    { type: 'profile-property', property: 'properties.bday', filter: { type: 'date', operator: 'anniversary' } },
    'anniversary',
    '/filter',
  ],
  [
    {
      type: 'profile-metric',
      metric_id: 'M',
      measurement: 'sum',
      measurement_filter: { type: 'numeric', operator: 'greater-than', value: 5 },
      timeframe_filter: { type: 'date', operator: 'alltime' },
    },
    'greater-than',
    '/measurement_filter/operator',
  ],
  [
    {
      type: 'profile-metric',
      metric_id: 'M',
      measurement: 'count',
      measurement_filter: { type: 'numeric', operator: 'equals', value: 1 },
      timeframe_filter: { type: 'date', operator: 'in-the-next', unit: 'day', quantity: 3 },
    },
    'in-the-next',
    '/timeframe_filter',
  ],
  [{ type: 'profile-group-membership', is_member: false, group_ids: ['A', 'B'] }, 'exactly one list', '/group_ids'],
  [
    {
      type: 'profile-marketing-consent',
      consent: { channel: 'push', can_receive_marketing: true, consent_status: { subscription: 'any' } },
    },
    'push',
    '/consent',
  ],
  [{ type: 'profile-sample', percentage: 10 }, 'profile-sample', ''],
])('refused with a 400 naming the condition: %j', (condition, named, below) => {
  let error: ApiError | null = null
  try {
    conditionGroupsToDefinition({
      condition_groups: [
        {
          conditions: [
            { type: 'profile-property', property: 'email', filter: { type: 'existence', operator: 'is-set' } },
            condition,
          ],
        },
      ],
    })
  } catch (e) {
    error = e as ApiError
  }
  expect(error).toBeInstanceOf(ApiError)
  expect(error!.status).toBe(400)
  expect(error!.items[0]!.detail).toContain(named)
  expect(error!.items[0]!.source).toEqual({
    pointer: `/data/attributes/definition/condition_groups/0/conditions/1${below}`,
  })
})
