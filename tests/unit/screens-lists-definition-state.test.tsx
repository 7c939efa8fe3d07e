// The segment builder's form state ⇄ definition conversion, its browser-side checks and the
// mapping of the server's field errors onto rows.
import { segmentDefinition, type SegmentDefinition } from '@/lib/segments/definition'
import {
  conditionIssues,
  definitionToState,
  emptyCondition,
  emptyState,
  fixedValueType,
  isBuilderShaped,
  isComplete,
  mapServerErrors,
  operatorFor,
  stateIssues,
  toDefinition,
  type BuilderState,
  type ConditionState,
} from '@/components/segment-builder/definition-state'

/** Form state without its React keys, for comparisons. */
const stripKeys = (s: BuilderState) => JSON.parse(JSON.stringify(s, (k, v) => (k === 'key' ? undefined : v)))

const FULL: SegmentDefinition = {
  version: 1,
  root: {
    type: 'or',
    conditions: [
      {
        type: 'and',
        conditions: [
          {
            kind: 'metric',
            metricId: 'PLC123',
            comparison: 'at_least',
            count: 2,
            timeframe: { type: 'in_last_days', days: 30 },
          },
          {
            kind: 'metric',
            metricId: 'PLC123',
            comparison: 'at_most',
            count: 99.5,
            aggregate: 'sum_value',
            timeframe: { type: 'between', start: '2026-01-01', end: '2026-03-31' },
            filters: [
              { property: 'Brand', operator: 'equals', value: 'Acme' },
              { property: '$value', operator: 'greater_than', value: 10 },
              { property: 'Gift', operator: 'not_equals', value: true },
            ],
          },
          { kind: 'metric', metricId: 'VWD999', comparison: 'zero_times', count: 0, timeframe: { type: 'all_time' } },
        ],
      },
      {
        type: 'or',
        conditions: [
          { kind: 'profile_property', field: 'email', valueType: 'text', operator: 'ends_with', value: '@example.com' },
          {
            kind: 'profile_property',
            field: 'properties.Loyalty Points',
            valueType: 'number',
            operator: 'between',
            value: [10, 20],
          },
          { kind: 'profile_property', field: 'properties.VIP', valueType: 'boolean', operator: 'equals', value: false },
          { kind: 'profile_property', field: 'created', valueType: 'date', operator: 'in_last_days', value: 7 },
          {
            kind: 'profile_property',
            field: 'last_event_date',
            valueType: 'date',
            operator: 'between',
            value: ['2026-01-01', '2026-02-01'],
          },
          {
            kind: 'profile_property',
            field: 'properties.Tags',
            valueType: 'list',
            operator: 'contains_item',
            value: 'summer',
          },
          { kind: 'profile_property', field: 'first_name', valueType: 'text', operator: 'is_set' },
        ],
      },
      {
        type: 'and',
        conditions: [
          { kind: 'list_membership', listId: 'Ab12Cd', operator: 'not_in' },
          { kind: 'consent', channel: 'sms_marketing', operator: 'can_receive' },
          { kind: 'location', field: 'country', operator: 'equals', value: 'Germany' },
        ],
      },
    ],
  },
}

describe('definition ⇄ form state', () => {
  it('round-trips a definition with every condition kind', () => {
    expect(segmentDefinition.safeParse(FULL).success).toBe(true)
    const state = definitionToState(FULL)
    expect(state.groups.map((g) => g.conditions.length)).toEqual([3, 7, 3])
    expect(isComplete(state)).toBe(true)
    expect(toDefinition(state)).toEqual(FULL)
  })

  it('round-trips form state through the definition', () => {
    const state = definitionToState(FULL)
    expect(stripKeys(definitionToState(toDefinition(state)))).toEqual(stripKeys(state))
  })

  it('keeps what was typed as text in the form and types it in the definition', () => {
    const state = definitionToState(FULL)
    const metric = state.groups[0]!.conditions[1] as Extract<ConditionState, { kind: 'metric' }>
    expect(metric).toMatchObject({
      count: '99.5',
      aggregate: 'sum_value',
      timeframe: 'between',
      start: '2026-01-01',
      end: '2026-03-31',
    })
    expect(metric.filters.map((f) => [f.valueType, f.value])).toEqual([
      ['text', 'Acme'],
      ['number', '10'],
      ['boolean', 'true'],
    ])
    const between = state.groups[1]!.conditions[1]!
    expect(between).toMatchObject({ kind: 'profile_property', value: '10', value2: '20', valueType: 'number' })
  })

  it('opens bare conditions at the root as one-condition groups, which mean the same', () => {
    const bare: SegmentDefinition = {
      version: 1,
      root: {
        type: 'and',
        conditions: [
          { kind: 'consent', channel: 'email_marketing', operator: 'can_receive' },
          { type: 'or', conditions: [{ kind: 'location', field: 'city', operator: 'contains', value: 'Berlin' }] },
        ],
      },
    }
    const state = definitionToState(bare)
    expect(state.rootType).toBe('and')
    expect(state.groups).toHaveLength(2)
    expect(toDefinition(state).root.conditions[0]).toEqual({ type: 'or', conditions: [bare.root.conditions[0]] })
  })

  it('refuses definitions nested deeper than the builder shows', () => {
    const deep: SegmentDefinition = {
      version: 1,
      root: {
        type: 'and',
        conditions: [
          {
            type: 'or',
            conditions: [
              { type: 'and', conditions: [{ kind: 'consent', channel: 'email_marketing', operator: 'can_receive' }] },
            ],
          },
        ],
      },
    }
    expect(isBuilderShaped(deep)).toBe(false)
    expect(() => definitionToState(deep)).toThrow()
  })

  it('writes zero times as count 0 and leaves out the default aggregate and empty filters', () => {
    const c = { ...emptyCondition('metric'), metricId: 'M1', comparison: 'zero_times', count: 'abc' } as ConditionState
    const def = toDefinition({ rootType: 'and', groups: [{ key: 'g', type: 'or', conditions: [c] }] })
    expect(def.root.conditions[0]).toEqual({
      type: 'or',
      conditions: [
        { kind: 'metric', metricId: 'M1', comparison: 'zero_times', count: 0, timeframe: { type: 'all_time' } },
      ],
    })
    expect(conditionIssues(c)).toEqual({})
  })
})

describe('browser-side checks', () => {
  const metric = (patch: object) => ({ ...emptyCondition('metric'), metricId: 'M1', ...patch }) as ConditionState
  const prop = (patch: object) =>
    ({ ...emptyCondition('profile_property'), field: 'properties.Points', ...patch }) as ConditionState

  it.each([
    ['no kind', emptyCondition(), { kind: 'errorKind' }],
    ['no metric', metric({ metricId: '' }), { metricId: 'errorMetric' }],
    ['fractional count', metric({ count: '1.5' }), { count: 'errorCount' }],
    ['negative count', metric({ count: '-1' }), { count: 'errorCount' }],
    ['fractional sum is fine', metric({ count: '1.5', aggregate: 'sum_value' }), {}],
    ['days out of range', metric({ timeframe: 'in_last_days', days: '0' }), { days: 'errorDays' }],
    ['missing dates', metric({ timeframe: 'between' }), { start: 'errorDate', end: 'errorDate' }],
    [
      'dates in the wrong order',
      metric({ timeframe: 'between', start: '2026-05-01', end: '2026-01-01' }),
      { end: 'errorDateOrder' },
    ],
    [
      'filter without property',
      metric({ filters: [{ key: 'f', property: '', operator: 'equals', valueType: 'text', value: 'x' }] }),
      { 'filters.0.property': 'errorFilterProperty' },
    ],
    [
      'numeric filter with text',
      metric({ filters: [{ key: 'f', property: 'p', operator: 'greater_than', valueType: 'text', value: 'x' }] }),
      { 'filters.0.value': 'errorNumber' },
    ],
    ['no property', prop({ field: '' }), { field: 'errorField' }],
    ['unnamed custom property', prop({ field: 'properties.' }), { field: 'errorField' }],
    ['number that is not one', prop({ valueType: 'number', value: 'ten' }), { value: 'errorNumber' }],
    [
      'range in the wrong order',
      prop({ valueType: 'number', operator: 'between', value: '5', value2: '1' }),
      { value2: 'errorRangeOrder' },
    ],
    ['date missing', prop({ valueType: 'date', operator: 'before', value: '' }), { value: 'errorDate' }],
    ['is set needs no value', prop({ operator: 'is_set', value: '' }), {}],
    ['text equals may be empty', prop({ operator: 'equals', value: '' }), {}],
    ['text contains may not', prop({ operator: 'contains', value: '' }), { value: 'errorValue' }],
    ['no list', emptyCondition('list_membership'), { listId: 'errorList' }],
    ['no location', emptyCondition('location'), { value: 'errorValue' }],
    ['consent is always complete', emptyCondition('consent'), {}],
  ])('%s', (_name, condition, issues) => {
    expect(conditionIssues(condition)).toEqual(issues)
  })

  it('a new form is incomplete until a condition is chosen', () => {
    const s = emptyState()
    expect(isComplete(s)).toBe(false)
    expect(Object.values(stateIssues(s))).toEqual([{ kind: 'errorKind' }])
  })

  it('every complete form makes a definition the server schema accepts', () => {
    const s: BuilderState = {
      rootType: 'and',
      groups: [
        {
          key: 'g',
          type: 'or',
          conditions: [
            emptyCondition('consent'),
            { ...emptyCondition('location'), value: ' Berlin ' } as ConditionState,
            prop({ valueType: 'date', operator: 'in_last_days', value: '14' }),
            metric({
              timeframe: 'in_last_days',
              days: '90',
              filters: [{ key: 'f', property: 'Brand', operator: 'contains', valueType: 'text', value: 'Ac' }],
            }),
          ],
        },
      ],
    }
    expect(isComplete(s)).toBe(true)
    const r = segmentDefinition.safeParse(toDefinition(s))
    expect(r.success).toBe(true)
  })

  it('fixes the value type of built-in fields and keeps operators that still fit', () => {
    expect(fixedValueType('created')).toBe('date')
    expect(fixedValueType('email')).toBe('text')
    expect(fixedValueType('properties.x')).toBeNull()
    expect(operatorFor('number', 'equals')).toBe('equals')
    expect(operatorFor('date', 'equals')).toBe('before')
  })
})

describe('server errors → rows', () => {
  it('pins field errors to their condition, group or the form', () => {
    const s = definitionToState(FULL)
    const mapped = mapServerErrors(s, {
      'definition.root.conditions.0.conditions.0.metricId': 'Metric not found.',
      'definition.root.conditions.0.conditions.1.timeframe.end': 'The end must not be before the start.',
      'definition.root.conditions.2.conditions.0.listId': 'List not found.',
      'definition.root.conditions.1.conditions': 'A group needs at least one condition.',
      'definition.version': 'Invalid input',
      'definition.root.conditions.7.conditions.0.count': 'Out of range',
    })
    expect(mapped.conditions[s.groups[0]!.conditions[0]!.key]).toEqual({ metricId: 'Metric not found.' })
    expect(mapped.conditions[s.groups[0]!.conditions[1]!.key]).toEqual({ end: 'The end must not be before the start.' })
    expect(mapped.conditions[s.groups[2]!.conditions[0]!.key]).toEqual({ listId: 'List not found.' })
    expect(mapped.groups[s.groups[1]!.key]).toBe('A group needs at least one condition.')
    expect(mapped.other).toEqual(['Invalid input', 'Out of range'])
  })
})
