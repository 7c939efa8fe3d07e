/** @jest-environment node */
// The segment definition schema: what it accepts, and precise field paths for what it refuses.
import { fieldErrorsFrom } from '@/lib/http/ajax'
import {
  canMatchWithoutActivity,
  conditionsOf,
  isTimeRelative,
  segmentDefinition,
  type SegmentDefinition,
} from '@/lib/segments/definition'
import { affectedSegments, segmentScopes, type ActiveSegment } from '@/lib/segments/active-segments'
import { endExclusive, startOf } from '@/lib/segments/compile-values'
import { compileDefinition } from '@/lib/segments/compile-definition'
import { compileOffline } from '@/lib/segments/sql-fragment'

const wrap = (...conditions: unknown[]) => ({ version: 1, root: { type: 'and', conditions } })
const errors = (input: unknown) => {
  const r = segmentDefinition.safeParse(input)
  return r.success ? {} : fieldErrorsFrom(r.error)
}

const VALID: Array<[string, unknown]> = [
  ['text equals', { kind: 'profile_property', field: 'email', valueType: 'text', operator: 'equals', value: 'a@b.c' }],
  [
    'custom number between',
    {
      kind: 'profile_property',
      field: 'properties.Total Spent',
      valueType: 'number',
      operator: 'between',
      value: [1, 5],
    },
  ],
  [
    'custom boolean',
    { kind: 'profile_property', field: 'properties.vip', valueType: 'boolean', operator: 'equals', value: true },
  ],
  [
    'date in last days',
    { kind: 'profile_property', field: 'created', valueType: 'date', operator: 'in_last_days', value: 30 },
  ],
  [
    'date before a date-time',
    {
      kind: 'profile_property',
      field: 'last_event_date',
      valueType: 'date',
      operator: 'before',
      value: '2026-01-01T10:00:00Z',
    },
  ],
  [
    'list contains item',
    { kind: 'profile_property', field: 'properties.tags', valueType: 'list', operator: 'contains_item', value: 'gold' },
  ],
  ['is set needs no value', { kind: 'profile_property', field: 'phone_number', valueType: 'text', operator: 'is_set' }],
  [
    'metric with filters and sum',
    {
      kind: 'metric',
      metricId: 'AbC123',
      comparison: 'at_least',
      count: 99.5,
      aggregate: 'sum_value',
      timeframe: { type: 'between', start: '2026-01-01', end: '2026-02-01' },
      filters: [{ property: 'Category', operator: 'equals', value: 'Shoes' }],
    },
  ],
  [
    'metric zero times without a count',
    { kind: 'metric', metricId: 'AbC123', comparison: 'zero_times', timeframe: { type: 'all_time' } },
  ],
  ['list membership', { kind: 'list_membership', listId: 'XyZ987', operator: 'not_in' }],
  ['consent', { kind: 'consent', channel: 'sms_marketing', operator: 'cannot_receive' }],
  ['location', { kind: 'location', field: 'country', operator: 'contains', value: 'Ger' }],
]

test.each(VALID)('accepts %s', (_n, condition) => {
  expect(errors(wrap(condition))).toEqual({})
})

const INVALID: Array<[string, unknown, Record<string, RegExp>]> = [
  ['a wrong version', { version: 2, root: { type: 'and', conditions: [] } }, { version: /1/ }],
  ['an empty group', wrap(), { 'root.conditions': /at least one condition/ }],
  ['an unknown kind', wrap({ kind: 'weather' }), { 'root.conditions.0.kind': /profile_property/ }],
  [
    'an unknown built-in field',
    wrap({ kind: 'profile_property', field: 'shoe_size', valueType: 'text', operator: 'equals', value: 'x' }),
    { 'root.conditions.0.field': /properties\.<name>/ },
  ],
  [
    'an operator that does not fit the type',
    wrap({ kind: 'profile_property', field: 'properties.n', valueType: 'number', operator: 'contains', value: 1 }),
    { 'root.conditions.0.operator': /greater_than/ },
  ],
  [
    'a text type on a date field',
    wrap({ kind: 'profile_property', field: 'created', valueType: 'text', operator: 'equals', value: 'x' }),
    { 'root.conditions.0.valueType': /date/ },
  ],
  [
    'a missing value',
    wrap({ kind: 'profile_property', field: 'email', valueType: 'text', operator: 'contains' }),
    { 'root.conditions.0.value': /required/ },
  ],
  [
    'a text for a number',
    wrap({
      kind: 'profile_property',
      field: 'properties.n',
      valueType: 'number',
      operator: 'greater_than',
      value: 'ten',
    }),
    { 'root.conditions.0.value': /number/ },
  ],
  [
    'a reversed between',
    wrap({ kind: 'profile_property', field: 'properties.n', valueType: 'number', operator: 'between', value: [5, 1] }),
    { 'root.conditions.0.value': /not be after/ },
  ],
  [
    'a bad date',
    wrap({ kind: 'profile_property', field: 'created', valueType: 'date', operator: 'after', value: '31/12/2020' }),
    { 'root.conditions.0.value': /date/ },
  ],
  [
    'zero days',
    wrap({ kind: 'profile_property', field: 'created', valueType: 'date', operator: 'in_last_days', value: 0 }),
    { 'root.conditions.0.value': /whole number of days/ },
  ],
  [
    'a property name with a NUL character',
    wrap({ kind: 'profile_property', field: 'properties.a\u0000b', valueType: 'text', operator: 'is_set' }),
    { 'root.conditions.0.field': /NUL/ },
  ],
  [
    'an event filter property with a NUL character',
    wrap({
      kind: 'metric',
      metricId: 'm',
      comparison: 'at_least',
      count: 1,
      timeframe: { type: 'all_time' },
      filters: [{ property: '\u0000', operator: 'equals', value: 'x' }],
    }),
    { 'root.conditions.0.filters.0.property': /NUL/ },
  ],
  [
    'a bad comparison',
    wrap({ kind: 'metric', metricId: 'm', comparison: 'more', count: 1, timeframe: { type: 'all_time' } }),
    { 'root.conditions.0.comparison': /at_least/ },
  ],
  [
    'a fractional count',
    wrap({ kind: 'metric', metricId: 'm', comparison: 'at_least', count: 1.5, timeframe: { type: 'all_time' } }),
    { 'root.conditions.0.count': /whole number/ },
  ],
  [
    'a reversed timeframe',
    wrap({
      kind: 'metric',
      metricId: 'm',
      comparison: 'at_least',
      count: 1,
      timeframe: { type: 'between', start: '2026-02-01', end: '2026-01-01' },
    }),
    { 'root.conditions.0.timeframe.end': /before the start/ },
  ],
  [
    'an unknown timeframe',
    wrap({ kind: 'metric', metricId: 'm', comparison: 'at_least', count: 1, timeframe: { type: 'forever' } }),
    { 'root.conditions.0.timeframe.type': /all_time/ },
  ],
  [
    'a filter comparing text with greater than',
    wrap({
      kind: 'metric',
      metricId: 'm',
      comparison: 'at_least',
      count: 1,
      timeframe: { type: 'all_time' },
      filters: [{ property: 'Price', operator: 'greater_than', value: 'high' }],
    }),
    { 'root.conditions.0.filters.0.value': /number/ },
  ],
  [
    'a bad list operator',
    wrap({ kind: 'list_membership', listId: 'x', operator: 'maybe' }),
    { 'root.conditions.0.operator': /in/ },
  ],
  [
    'a bad consent channel',
    wrap({ kind: 'consent', channel: 'push', operator: 'can_receive' }),
    { 'root.conditions.0.channel': /email_marketing/ },
  ],
  [
    'an empty location value',
    wrap({ kind: 'location', field: 'city', operator: 'equals', value: '' }),
    { 'root.conditions.0.value': /.+/ },
  ],
  [
    'a nested error deep down',
    wrap({
      type: 'or',
      conditions: [
        { kind: 'consent', channel: 'email_marketing', operator: 'can_receive' },
        { type: 'and', conditions: [{ kind: 'location', field: 'zip', operator: 'equals', value: 'x' }] },
      ],
    }),
    { 'root.conditions.0.conditions.1.conditions.0.field': /country/ },
  ],
  [
    'nesting deeper than 3 levels',
    wrap({
      type: 'or',
      conditions: [
        {
          type: 'and',
          conditions: [
            { type: 'or', conditions: [{ kind: 'consent', channel: 'email_marketing', operator: 'can_receive' }] },
          ],
        },
      ],
    }),
    { 'root.conditions.0.conditions.0.conditions.0': /at most 3 levels/ },
  ],
]

test.each(INVALID)('refuses %s with the field path', (_n, input, expected) => {
  const e = errors(input)
  for (const [path, re] of Object.entries(expected)) {
    expect(e).toHaveProperty([path])
    expect(e[path]!.join(' ')).toMatch(re)
  }
})

test('three levels of groups are fine', () => {
  const d = wrap({
    type: 'or',
    conditions: [
      { type: 'and', conditions: [{ kind: 'consent', channel: 'email_marketing', operator: 'can_receive' }] },
    ],
  })
  expect(errors(d)).toEqual({})
  expect(conditionsOf(segmentDefinition.parse(d))).toHaveLength(1)
})

test('time-relative definitions are recognised', () => {
  const p = (x: unknown) => segmentDefinition.parse(wrap(x))
  expect(
    isTimeRelative(
      p({
        kind: 'metric',
        metricId: 'm',
        comparison: 'at_least',
        count: 1,
        timeframe: { type: 'in_last_days', days: 3 },
      }),
    ),
  ).toBe(true)
  expect(
    isTimeRelative(
      p({ kind: 'profile_property', field: 'created', valueType: 'date', operator: 'in_last_days', value: 3 }),
    ),
  ).toBe(true)
  expect(
    isTimeRelative(
      p({ kind: 'metric', metricId: 'm', comparison: 'at_least', count: 1, timeframe: { type: 'all_time' } }),
    ),
  ).toBe(false)
})

test('the compiled predicate binds every user value as a parameter', () => {
  const evil = "x' OR 1=1 --"
  const d = segmentDefinition.parse(
    wrap(
      { kind: 'profile_property', field: 'first_name', valueType: 'text', operator: 'contains', value: evil },
      { kind: 'location', field: 'city', operator: 'equals', value: evil },
      {
        kind: 'metric',
        metricId: evil,
        comparison: 'at_least',
        count: 3,
        timeframe: { type: 'all_time' },
        filters: [{ property: 'k', operator: 'equals', value: evil }],
      },
    ),
  )
  const q = compileOffline(compileDefinition(d, { now: 1_000_000 }), 'sqlite')
  expect(q.sql).not.toContain('OR 1=1')
  expect(q.parameters).toContain(evil)
  expect(q.sql.split('?').length - 1).toBe(q.parameters.length)
})

describe('which segments a change can affect', () => {
  const seg = (id: string, over: Partial<ActiveSegment>): ActiveSegment => ({
    id,
    definition: {} as SegmentDefinition,
    metricIds: new Set(),
    listIds: new Set(),
    profileDependent: false,
    anyEvent: false,
    timeRelative: false,
    matchesWithoutActivity: false,
    ...over,
  })
  const all = [
    seg('orders', { metricIds: new Set(['PO']) }),
    seg('city', { profileDependent: true, matchesWithoutActivity: true }),
    seg('vip', { listIds: new Set(['L1']) }),
    seg('recent', { anyEvent: true, profileDependent: true, matchesWithoutActivity: true }),
    seg('never', { metricIds: new Set(['PO']), matchesWithoutActivity: true }),
    seg('notvip', { listIds: new Set(['L1']), matchesWithoutActivity: true }),
  ]
  const ids = (h?: Parameters<typeof affectedSegments>[1]) => affectedSegments(all, h).map((s) => s.id)
  test.each([
    ['an event of a named metric', { metricIds: ['PO'] }, ['orders', 'recent', 'never']],
    ['an event of another metric', { metricIds: ['XX'] }, ['recent']],
    ['a profile change', { profileChanged: true }, ['city', 'recent']],
    ['a list change', { listIds: ['L1'] }, ['vip', 'notvip']],
    ['a created profile', { created: true }, ['city', 'recent', 'never', 'notvip']],
    [
      'a created profile with its first event',
      { created: true, metricIds: ['PO'] },
      ['orders', 'city', 'recent', 'never', 'notvip'],
    ],
    ['everything (a merge)', { all: true }, ['orders', 'city', 'vip', 'recent', 'never', 'notvip']],
    ['no hint', undefined, ['orders', 'city', 'vip', 'recent', 'never', 'notvip']],
    ['an empty hint', {}, []],
  ])('%s', (_n, hint, expected) => expect(ids(hint)).toEqual(expected))

  test('created and all as id lists narrow those parts of the hint to the named profiles', () => {
    const scopes = segmentScopes(all, { listIds: ['L1'], created: ['new'], all: ['merged'] })
    const view = Object.fromEntries(scopes.map((x) => [x.segment.id, x.only ? [...x.only].sort() : 'all']))
    expect(view).toEqual({
      orders: ['merged'],
      city: ['merged', 'new'],
      vip: 'all',
      recent: ['merged', 'new'],
      never: ['merged', 'new'],
      notvip: 'all',
    })
  })
})

describe('which definitions a profile with no events and no list memberships can match', () => {
  const m = (comparison: string, count: number, extra: object = {}) => ({
    kind: 'metric',
    metricId: 'm',
    comparison,
    count,
    timeframe: { type: 'all_time' },
    ...extra,
  })
  const inList = { kind: 'list_membership', listId: 'L', operator: 'in' }
  const notInList = { kind: 'list_membership', listId: 'L', operator: 'not_in' }
  const city = { kind: 'location', field: 'city', operator: 'equals', value: 'Rome' }
  test.each<[string, boolean, unknown]>([
    ['zero times', true, m('zero_times', 0)],
    ['at least 2 times', false, m('at_least', 2)],
    ['at least 0 times', true, m('at_least', 0)],
    ['at most 3 times', true, m('at_most', 3)],
    ['exactly 0 times', true, m('exactly', 0)],
    ['exactly 1 time', false, m('exactly', 1)],
    ['a sum of at least 5', false, m('at_least', 5, { aggregate: 'sum_value' })],
    ['a sum of at most 5', true, m('at_most', 5, { aggregate: 'sum_value' })],
    ['not in a list', true, notInList],
    ['in a list', false, inList],
    ['a profile field (unknown until evaluated)', true, city],
    ['a consent condition', true, { kind: 'consent', channel: 'sms_marketing', operator: 'cannot_receive' }],
    ['a field AND an event', false, { type: 'and', conditions: [city, m('at_least', 1)] }],
    ['in a list OR never', true, { type: 'or', conditions: [inList, m('zero_times', 0)] }],
    ['in a list OR bought', false, { type: 'or', conditions: [inList, m('at_least', 1)] }],
  ])('%s → %s', (_n, expected, condition) => {
    expect(canMatchWithoutActivity(segmentDefinition.parse(wrap(condition)))).toBe(expected)
  })
})

describe("day boundaries in the company's time zone", () => {
  const iso = (s: number) => new Date(s * 1000).toISOString()
  test.each<[string, string, string, string]>([
    ['UTC', '2026-03-01', '2026-03-01T00:00:00.000Z', '2026-03-02T00:00:00.000Z'],
    ['America/Los_Angeles', '2026-03-01', '2026-03-01T08:00:00.000Z', '2026-03-02T08:00:00.000Z'],
    // The spring-forward day has 23 hours, the fall-back day 25.
    ['America/Los_Angeles', '2026-03-08', '2026-03-08T08:00:00.000Z', '2026-03-09T07:00:00.000Z'],
    ['America/Los_Angeles', '2026-11-01', '2026-11-01T07:00:00.000Z', '2026-11-02T08:00:00.000Z'],
    ['Asia/Tokyo', '2026-03-31', '2026-03-30T15:00:00.000Z', '2026-03-31T15:00:00.000Z'],
    // A date-time without an offset is a local wall time; with one it is that instant.
    ['America/Los_Angeles', '2026-03-01T10:30', '2026-03-01T18:30:00.000Z', '2026-03-01T18:30:01.000Z'],
    ['America/Los_Angeles', '2026-03-01T10:30:00Z', '2026-03-01T10:30:00.000Z', '2026-03-01T10:30:01.000Z'],
  ])('%s %s', (tz, value, start, end) => {
    expect([iso(startOf(value, tz)), iso(endExclusive(value, tz))]).toEqual([start, end])
  })
})
