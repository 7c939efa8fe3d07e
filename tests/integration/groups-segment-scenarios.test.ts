/** @jest-environment node */
// The segment engine as scenario tables: profiles and events in, a definition, time advanced,
// membership out. Each row runs in a company of its own against the real database: the
// segment is created through createSegment, computed by the 'segments.recompute' job, and
// the preview count must agree with the kept membership.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
// The first test also starts the queue (on PostgreSQL: its schema and workers).
jest.setTimeout(30_000)
import { db } from '@/lib/db/client'
import { makeCompany } from '../helpers/factory'
import { createSegment } from '@/lib/groups/create-segment'
import { createList } from '@/lib/groups/create-list'
import { addProfilesToList } from '@/lib/groups/list-membership'
import { previewSegmentCount } from '@/lib/segments/preview-count'
import { setSegmentClock } from '@/lib/segments/clock'
import { refreshTimeRelativeSegments } from '@/lib/segments/jobs'
import { reevaluateProfiles } from '@/lib/segments/reevaluate-profiles'
import { runJobsUntilIdle } from '@/lib/jobs/queue'
import { ulid, shortId } from '@/lib/ids/make-id'
import type { Condition, ConditionGroup, SegmentDefinition } from '@/lib/segments/definition'

const T0 = Date.parse('2026-06-15T12:00:00Z')
const DAY = 86400_000
let clock = T0
beforeAll(() => setSegmentClock(() => clock))
afterAll(() => setSegmentClock(null))

interface P {
  email?: string | null
  phoneNumber?: string
  firstName?: string
  lastName?: string
  city?: string
  country?: string
  region?: string
  properties?: Record<string, unknown>
  createdDaysAgo?: number
  lastEventDaysAgo?: number
  emailConsent?: 'subscribed' | 'unsubscribed'
  smsConsent?: 'subscribed' | 'unsubscribed' | 'pending'
  suppress?: 'email' | 'sms'
  lists?: string[]
}
interface E {
  p: string
  metric: string
  daysAgo: number
  value?: number
  properties?: Record<string, unknown>
}
interface Ctx {
  metric(name: string): string
  list(name: string): string
}
interface Scenario {
  name: string
  profiles: Record<string, P>
  events?: E[]
  definition: (c: Ctx) => ConditionGroup
  expected: string[]
  /** Days to move the clock forward, then run the periodic time refresh. */
  advanceDays?: number
  expectedAfter?: string[]
}

const and = (...conditions: Array<Condition | ConditionGroup>): ConditionGroup => ({ type: 'and', conditions })
const or = (...conditions: Array<Condition | ConditionGroup>): ConditionGroup => ({ type: 'or', conditions })
const prop = (field: string, valueType: string, operator: string, value?: unknown) =>
  ({ kind: 'profile_property', field, valueType, operator, ...(value !== undefined ? { value } : {}) }) as Condition
const did = (
  metricId: string,
  comparison: string,
  count: number,
  timeframe: unknown = { type: 'all_time' },
  extra: object = {},
) => ({ kind: 'metric', metricId, comparison, count, timeframe, ...extra }) as Condition

const people: Record<string, P> = {
  ann: {
    email: 'ann@shop.test',
    firstName: 'Ann',
    lastName: 'Lee',
    city: 'Berlin',
    country: 'Germany',
    phoneNumber: '+4915100000001',
  },
  bob: { email: 'bob@example.org', firstName: 'bob', city: 'Paris', country: 'France' },
  cy: { email: null, firstName: 'Cy', phoneNumber: '+4915100000003', city: 'berlin', region: 'BE' },
}

const SCENARIOS: Scenario[] = [
  {
    name: 'text equals is case-insensitive',
    profiles: people,
    definition: () => and(prop('first_name', 'text', 'equals', 'BOB')),
    expected: ['bob'],
  },
  {
    name: 'text not equals also matches an unset value',
    profiles: { ...people, dee: { email: 'dee@x.test' } },
    definition: () => and(prop('first_name', 'text', 'not_equals', 'Ann')),
    expected: ['bob', 'cy', 'dee'],
  },
  {
    name: 'contains and not contains',
    profiles: people,
    definition: () => and(prop('email', 'text', 'contains', 'SHOP'), prop('email', 'text', 'not_contains', 'bob')),
    expected: ['ann'],
  },
  {
    name: 'starts with / ends with (LIKE wildcards are literal)',
    profiles: { ...people, pct: { email: '100%_off@x.test' } },
    definition: () =>
      or(
        prop('email', 'text', 'starts_with', 'bo'),
        prop('email', 'text', 'ends_with', '.org'),
        prop('email', 'text', 'starts_with', '100%_'),
      ),
    expected: ['bob', 'pct'],
  },
  {
    name: 'is set / is not set',
    profiles: people,
    definition: () => and(prop('phone_number', 'text', 'is_set'), prop('email', 'text', 'is_not_set')),
    expected: ['cy'],
  },
  {
    name: 'number comparisons read JSON numbers and numeric text',
    profiles: {
      a: { properties: { orders: 5 } },
      b: { properties: { orders: '12' } },
      c: { properties: { orders: 'many' } },
      d: {},
    },
    definition: () =>
      or(prop('properties.orders', 'number', 'greater_than', 10), prop('properties.orders', 'number', 'equals', 5)),
    expected: ['a', 'b'],
  },
  {
    name: 'number between and less than',
    profiles: { a: { properties: { score: 1 } }, b: { properties: { score: 50 } }, c: { properties: { score: 99.5 } } },
    definition: () =>
      and(
        prop('properties.score', 'number', 'between', [10, 100]),
        prop('properties.score', 'number', 'less_than', 60),
      ),
    expected: ['b'],
  },
  {
    name: 'number not equals includes profiles without it',
    profiles: { a: { properties: { n: 3 } }, b: { properties: { n: 4 } }, c: {} },
    definition: () => and(prop('properties.n', 'number', 'not_equals', 3)),
    expected: ['b', 'c'],
  },
  {
    name: 'boolean equals reads true and "true"',
    profiles: {
      a: { properties: { vip: true } },
      b: { properties: { vip: 'true' } },
      c: { properties: { vip: false } },
      d: {},
    },
    definition: () => and(prop('properties.vip', 'boolean', 'equals', true)),
    expected: ['a', 'b'],
  },
  {
    name: 'boolean not equals',
    profiles: { a: { properties: { vip: true } }, c: { properties: { vip: false } }, d: {} },
    definition: () => and(prop('properties.vip', 'boolean', 'not_equals', true)),
    expected: ['c', 'd'],
  },
  {
    name: 'date before, after and between (whole days)',
    profiles: {
      a: { properties: { birthday: '1990-05-01' } },
      b: { properties: { birthday: '2000-01-01T10:00:00Z' } },
      c: { properties: { birthday: '2010-12-31' } },
    },
    definition: () =>
      or(
        prop('properties.birthday', 'date', 'before', '1995-01-01'),
        prop('properties.birthday', 'date', 'after', '2010-12-30'),
        prop('properties.birthday', 'date', 'between', ['2000-01-01', '2000-01-01']),
      ),
    expected: ['a', 'b', 'c'],
  },
  {
    name: 'date after excludes the named day itself',
    profiles: { a: { properties: { d: '2020-03-01T23:00:00Z' } }, b: { properties: { d: '2020-03-02' } } },
    definition: () => and(prop('properties.d', 'date', 'after', '2020-03-01')),
    expected: ['b'],
  },
  // A text that looks like a date but is no real day reads as no date (not a query error, not rolled over to 03-01).
  {
    name: 'a date that does not exist (2020-02-30) is no date',
    profiles: {
      a: { properties: { d: '2020-02-30' } },
      b: { properties: { d: '2020-02-30T10:00:00Z' } },
      c: { properties: { d: '2020-02-29' } },
      d: { properties: { d: '2021-02-29' } },
      e: { properties: { d: '2020-04-31T00:00' } },
      f: { properties: { d: 'now' } },
      g: { properties: { d: '2020-02-28T10:00:00Z' } },
    },
    definition: () =>
      or(
        prop('properties.d', 'date', 'before', '2020-03-15'),
        prop('properties.d', 'date', 'after', '2020-02-01T00:00:00Z'),
        prop('properties.d', 'date', 'in_last_days', 3650),
      ),
    expected: ['c', 'g'],
  },
  {
    name: 'created in the last 7 days, as time advances',
    profiles: { fresh: { createdDaysAgo: 1 }, older: { createdDaysAgo: 5 }, old: { createdDaysAgo: 30 } },
    definition: () => and(prop('created', 'date', 'in_last_days', 7)),
    expected: ['fresh', 'older'],
    advanceDays: 3,
    expectedAfter: ['fresh'],
  },
  {
    name: 'list property contains an item',
    profiles: {
      a: { properties: { tags: ['Gold', 'b2b'] } },
      b: { properties: { tags: ['silver'] } },
      c: { properties: { tags: 'gold' } },
      d: {},
    },
    definition: () => and(prop('properties.tags', 'list', 'contains_item', 'gold')),
    expected: ['a', 'c'],
  },
  {
    name: 'list property does not contain an item',
    profiles: { a: { properties: { tags: ['gold'] } }, b: { properties: { tags: ['silver'] } }, d: {} },
    definition: () => and(prop('properties.tags', 'list', 'not_contains', 'gold')),
    expected: ['b', 'd'],
  },
  {
    name: 'metric at least 2 times over all time',
    profiles: { a: {}, b: {}, c: {} },
    events: [
      { p: 'a', metric: 'Placed Order', daysAgo: 400 },
      { p: 'a', metric: 'Placed Order', daysAgo: 1 },
      { p: 'b', metric: 'Placed Order', daysAgo: 1 },
      { p: 'c', metric: 'Viewed Product', daysAgo: 1 },
    ],
    definition: (c) => and(did(c.metric('Placed Order'), 'at_least', 2)),
    expected: ['a'],
  },
  {
    name: 'metric at most 1 time includes never',
    profiles: { a: {}, b: {}, c: {} },
    events: [
      { p: 'a', metric: 'Placed Order', daysAgo: 2 },
      { p: 'a', metric: 'Placed Order', daysAgo: 1 },
      { p: 'b', metric: 'Placed Order', daysAgo: 1 },
    ],
    definition: (c) => and(did(c.metric('Placed Order'), 'at_most', 1)),
    expected: ['b', 'c'],
  },
  {
    name: 'metric exactly 2 times',
    profiles: { a: {}, b: {}, c: {} },
    events: [1, 2]
      .map((d) => ({ p: 'a', metric: 'Opened', daysAgo: d }))
      .concat([1, 2, 3].map((d) => ({ p: 'b', metric: 'Opened', daysAgo: d }))),
    definition: (c) => and(did(c.metric('Opened'), 'exactly', 2)),
    expected: ['a'],
  },
  {
    name: 'metric zero times',
    profiles: { a: {}, b: {} },
    events: [{ p: 'a', metric: 'Placed Order', daysAgo: 1 }],
    definition: (c) => and(did(c.metric('Placed Order'), 'zero_times', 0)),
    expected: ['b'],
  },
  {
    name: 'metric in the last 7 days: members leave as time passes',
    profiles: { a: {}, b: {}, c: {} },
    events: [
      { p: 'a', metric: 'Active on Site', daysAgo: 1 },
      { p: 'b', metric: 'Active on Site', daysAgo: 6 },
      { p: 'c', metric: 'Active on Site', daysAgo: 10 },
    ],
    definition: (c) => and(did(c.metric('Active on Site'), 'at_least', 1, { type: 'in_last_days', days: 7 })),
    expected: ['a', 'b'],
    advanceDays: 2,
    expectedAfter: ['a'],
  },
  {
    name: 'zero times in the last 3 days: members enter as time passes',
    profiles: { a: {}, b: {} },
    events: [{ p: 'a', metric: 'Active on Site', daysAgo: 1 }],
    definition: (c) => and(did(c.metric('Active on Site'), 'zero_times', 0, { type: 'in_last_days', days: 3 })),
    expected: ['b'],
    advanceDays: 5,
    expectedAfter: ['a', 'b'],
  },
  {
    name: 'metric between dates (inclusive end day)',
    profiles: { a: {}, b: {}, c: {} },
    events: [
      { p: 'a', metric: 'Placed Order', daysAgo: 10 },
      { p: 'b', metric: 'Placed Order', daysAgo: 40 },
      { p: 'c', metric: 'Placed Order', daysAgo: 1 },
    ],
    definition: (c) =>
      and(did(c.metric('Placed Order'), 'at_least', 1, { type: 'between', start: '2026-05-20', end: '2026-06-05' })),
    expected: ['a'],
  },
  {
    name: 'event property filters: equals, contains, greater than, not equals',
    profiles: { a: {}, b: {}, c: {}, d: {} },
    events: [
      {
        p: 'a',
        metric: 'Ordered Product',
        daysAgo: 1,
        properties: { Category: 'Shoes', Price: 120, Name: 'Trail Runner' },
      },
      { p: 'b', metric: 'Ordered Product', daysAgo: 1, properties: { Category: 'shoes', Price: 40, Name: 'Sandal' } },
      {
        p: 'c',
        metric: 'Ordered Product',
        daysAgo: 1,
        properties: { Category: 'Hats', Price: 200, Name: 'Trail Cap' },
      },
      {
        p: 'd',
        metric: 'Ordered Product',
        daysAgo: 1,
        properties: { Category: 'Shoes', Price: '150', Name: 'Trail Boot', Sale: true },
      },
    ],
    definition: (c) =>
      and(
        did(
          c.metric('Ordered Product'),
          'at_least',
          1,
          { type: 'all_time' },
          {
            filters: [
              { property: 'Category', operator: 'equals', value: 'SHOES' },
              { property: 'Price', operator: 'greater_than', value: 100 },
              { property: 'Name', operator: 'contains', value: 'trail' },
              { property: 'Sale', operator: 'not_equals', value: true },
            ],
          },
        ),
      ),
    expected: ['a'],
  },
  {
    name: 'event filter not equals a number also matches text and missing values',
    profiles: { a: {}, b: {}, c: {}, d: {}, e: {} },
    events: [
      { p: 'a', metric: 'Viewed', daysAgo: 1, properties: { Size: 'L' } },
      { p: 'b', metric: 'Viewed', daysAgo: 1, properties: { Size: 5 } },
      { p: 'c', metric: 'Viewed', daysAgo: 1, properties: {} },
      { p: 'd', metric: 'Viewed', daysAgo: 1, properties: { Size: '5' } },
      { p: 'e', metric: 'Viewed', daysAgo: 1, properties: { Size: true } },
    ],
    definition: (c) =>
      and(
        did(
          c.metric('Viewed'),
          'at_least',
          1,
          { type: 'all_time' },
          { filters: [{ property: 'Size', operator: 'not_equals', value: 5 }] },
        ),
      ),
    expected: ['a', 'c', 'e'],
  },
  {
    name: 'event filter on $value and less than',
    profiles: { a: {}, b: {} },
    events: [
      { p: 'a', metric: 'Placed Order', daysAgo: 1, value: 10 },
      { p: 'b', metric: 'Placed Order', daysAgo: 1, value: 90 },
    ],
    definition: (c) =>
      and(
        did(
          c.metric('Placed Order'),
          'at_least',
          1,
          { type: 'all_time' },
          { filters: [{ property: '$value', operator: 'less_than', value: 50 }] },
        ),
      ),
    expected: ['a'],
  },
  {
    name: 'sum of event values at least 100',
    profiles: { a: {}, b: {}, c: {} },
    events: [
      { p: 'a', metric: 'Placed Order', daysAgo: 1, value: 60 },
      { p: 'a', metric: 'Placed Order', daysAgo: 2, value: 50 },
      { p: 'b', metric: 'Placed Order', daysAgo: 1, value: 99.5 },
    ],
    definition: (c) =>
      and(did(c.metric('Placed Order'), 'at_least', 100, { type: 'all_time' }, { aggregate: 'sum_value' })),
    expected: ['a'],
  },
  {
    name: 'sum of event values at most 50 (includes no orders)',
    profiles: { a: {}, b: {}, c: {} },
    events: [
      { p: 'a', metric: 'Placed Order', daysAgo: 1, value: 60 },
      { p: 'b', metric: 'Placed Order', daysAgo: 1, value: 20 },
    ],
    definition: (c) =>
      and(did(c.metric('Placed Order'), 'at_most', 50, { type: 'all_time' }, { aggregate: 'sum_value' })),
    expected: ['b', 'c'],
  },
  {
    name: 'in list / not in list',
    profiles: { a: { lists: ['VIP'] }, b: { lists: ['VIP', 'Blocked'] }, c: {} },
    definition: (c) =>
      and(
        { kind: 'list_membership', listId: c.list('VIP'), operator: 'in' },
        { kind: 'list_membership', listId: c.list('Blocked'), operator: 'not_in' },
      ),
    expected: ['a'],
  },
  {
    name: 'can receive email marketing: implicit consent, minus suppressed and unsubscribed',
    profiles: {
      a: { email: 'a@x.test' },
      b: { email: 'b@x.test', emailConsent: 'subscribed' },
      c: { email: 'c@x.test', suppress: 'email' },
      d: { email: 'd@x.test', emailConsent: 'unsubscribed' },
      e: { email: null, phoneNumber: '+15550000001' },
    },
    definition: () => and({ kind: 'consent', channel: 'email_marketing', operator: 'can_receive' }),
    expected: ['a', 'b'],
  },
  {
    name: 'cannot receive email marketing',
    profiles: { a: { email: 'a@x.test' }, c: { email: 'c@x.test', suppress: 'email' }, e: { email: null } },
    definition: () => and({ kind: 'consent', channel: 'email_marketing', operator: 'cannot_receive' }),
    expected: ['c', 'e'],
  },
  {
    name: 'can receive SMS marketing needs explicit consent',
    profiles: {
      a: { phoneNumber: '+15550000001', smsConsent: 'subscribed' },
      b: { phoneNumber: '+15550000002' },
      c: { phoneNumber: '+15550000003', smsConsent: 'pending' },
      d: { phoneNumber: '+15550000004', smsConsent: 'subscribed', suppress: 'sms' },
    },
    definition: () => and({ kind: 'consent', channel: 'sms_marketing', operator: 'can_receive' }),
    expected: ['a'],
  },
  {
    name: 'cannot receive SMS marketing',
    profiles: { a: { phoneNumber: '+15550000001', smsConsent: 'subscribed' }, b: { phoneNumber: '+15550000002' } },
    definition: () => and({ kind: 'consent', channel: 'sms_marketing', operator: 'cannot_receive' }),
    expected: ['b'],
  },
  {
    name: 'location equals, not equals, contains',
    profiles: people,
    definition: () =>
      or(
        and(
          { kind: 'location', field: 'city', operator: 'equals', value: 'BERLIN' },
          { kind: 'location', field: 'region', operator: 'not_equals', value: 'BE' },
        ),
        { kind: 'location', field: 'country', operator: 'contains', value: 'fran' },
      ),
    expected: ['ann', 'bob'],
  },
  {
    name: 'nested AND/OR: Berlin and (ordered or VIP)',
    profiles: {
      a: { city: 'Berlin' },
      b: { city: 'Berlin', lists: ['VIP'] },
      c: { city: 'Paris', lists: ['VIP'] },
      d: { city: 'Berlin' },
    },
    events: [
      { p: 'a', metric: 'Placed Order', daysAgo: 3 },
      { p: 'c', metric: 'Placed Order', daysAgo: 3 },
    ],
    definition: (c) =>
      and(
        { kind: 'location', field: 'city', operator: 'equals', value: 'Berlin' },
        or(did(c.metric('Placed Order'), 'at_least', 1), {
          kind: 'list_membership',
          listId: c.list('VIP'),
          operator: 'in',
        }),
      ),
    expected: ['a', 'b'],
  },
  {
    name: 'three levels: OR of (AND of (OR …))',
    profiles: {
      a: { firstName: 'A', properties: { n: 1 } },
      b: { firstName: 'B', properties: { n: 2 } },
      c: { firstName: 'C', properties: { n: 3 } },
    },
    definition: () =>
      or(
        prop('first_name', 'text', 'equals', 'C'),
        and(
          prop('properties.n', 'number', 'less_than', 3),
          or(prop('first_name', 'text', 'equals', 'B'), prop('first_name', 'text', 'equals', 'Z')),
        ),
      ),
    expected: ['b', 'c'],
  },
  {
    name: 'last event date in the last 2 days',
    profiles: { a: { lastEventDaysAgo: 1 }, b: { lastEventDaysAgo: 5 }, c: {} },
    definition: () => and(prop('last_event_date', 'date', 'in_last_days', 2)),
    expected: ['a'],
    advanceDays: 2,
    expectedAfter: [],
  },
]

async function buildWorld(s: Scenario) {
  const company = await makeCompany()
  const ids: Record<string, string> = {}
  const metrics = new Map<string, string>()
  const lists = new Map<string, string>()
  const list = async (name: string) => {
    if (!lists.has(name)) lists.set(name, (await createList(company.id, { name })).id)
    return lists.get(name)!
  }
  for (const [key, p] of Object.entries(s.profiles)) {
    const id = ulid()
    ids[key] = id
    await db.profile.create({
      data: {
        id,
        companyId: company.id,
        email: p.email === undefined ? `${key}-${id.slice(-6).toLowerCase()}@example.test` : p.email,
        phoneNumber: p.phoneNumber,
        firstName: p.firstName,
        lastName: p.lastName,
        city: p.city,
        country: p.country,
        region: p.region,
        properties: JSON.stringify(p.properties ?? {}),
        createdAt: new Date(T0 - (p.createdDaysAgo ?? 100) * DAY),
        lastEventAt: p.lastEventDaysAgo === undefined ? null : new Date(T0 - p.lastEventDaysAgo * DAY),
      },
    })
    if (p.emailConsent)
      await db.profileConsent.create({
        data: { companyId: company.id, profileId: id, channel: 'email_marketing', status: p.emailConsent },
      })
    if (p.smsConsent)
      await db.profileConsent.create({
        data: { companyId: company.id, profileId: id, channel: 'sms_marketing', status: p.smsConsent },
      })
    if (p.suppress)
      await db.suppression.create({
        data: { companyId: company.id, profileId: id, channel: p.suppress, reason: 'manual' },
      })
    for (const l of p.lists ?? []) await addProfilesToList(company.id, await list(l), [id])
  }
  const metric = (name: string) => {
    if (!metrics.has(name)) metrics.set(name, shortId(6))
    return metrics.get(name)!
  }
  for (const e of s.events ?? []) metric(e.metric)
  for (const [name, id] of metrics) await db.metric.create({ data: { id, companyId: company.id, name } })
  for (const e of s.events ?? []) {
    await db.event.create({
      data: {
        companyId: company.id,
        profileId: ids[e.p]!,
        metricId: metric(e.metric),
        ts: Math.floor((T0 - e.daysAgo * DAY) / 1000),
        value: e.value,
        properties: JSON.stringify(e.properties ?? {}),
      },
    })
  }
  // Lists named only by the definition exist too (empty).
  const definition: SegmentDefinition = { version: 1, root: s.definition({ metric, list: (n) => lists.get(n) ?? n }) }
  for (const c of JSON.stringify(definition).matchAll(/"listId":"([^"]+)"/g))
    if (!lists.has(c[1]!) && ![...lists.values()].includes(c[1]!)) throw new Error('unknown list ' + c[1])
  return { company, ids, definition }
}

async function membersOf(groupId: string, ids: Record<string, string>) {
  const rows = await db.groupMembership.findMany({ where: { groupId, leftAt: null } })
  const byId = Object.fromEntries(Object.entries(ids).map(([k, v]) => [v, k]))
  return rows.map((r) => byId[r.profileId]).sort()
}

describe.each(SCENARIOS.map((s) => [s.name, s] as const))('%s', (_name, s) => {
  test('membership, preview count and time', async () => {
    clock = T0
    const { company, ids, definition } = await buildWorld(s)
    expect(await previewSegmentCount(company.id, definition)).toBe(s.expected.length)
    const seg = await createSegment(company.id, { name: s.name, definition })
    await runJobsUntilIdle()
    expect(await membersOf(seg.id, ids)).toEqual([...s.expected].sort())
    const g = await db.group.findUniqueOrThrow({ where: { id: seg.id } })
    expect(g).toMatchObject({ memberCount: s.expected.length, isProcessing: false, processingPercent: 100 })
    if (s.advanceDays !== undefined) {
      clock = T0 + s.advanceDays * DAY
      await refreshTimeRelativeSegments()
      expect(await membersOf(seg.id, ids)).toEqual([...s.expectedAfter!].sort())
      const changes = await db.groupMembershipChange.findMany({ where: { groupId: seg.id }, orderBy: { id: 'asc' } })
      const left = s.expected.filter((k) => !s.expectedAfter!.includes(k))
      const entered = s.expectedAfter!.filter((k) => !s.expected.includes(k))
      const at = (kind: string) =>
        changes
          .filter((c) => c.kind === kind && c.at.getTime() === clock)
          .map((c) => c.profileId)
          .sort()
      expect(at('left')).toEqual(left.map((k) => ids[k]).sort())
      expect(at('entered')).toEqual(entered.map((k) => ids[k]).sort())
      expect((await db.group.findUniqueOrThrow({ where: { id: seg.id } })).memberCount).toBe(s.expectedAfter!.length)
    }
  })
})

test('entering is recorded with the time of the computation', async () => {
  clock = T0
  const { company, ids, definition } = await buildWorld(SCENARIOS[0]!)
  const seg = await createSegment(company.id, { name: 'x', definition })
  await runJobsUntilIdle()
  const changes = await db.groupMembershipChange.findMany({ where: { groupId: seg.id } })
  expect(changes).toEqual([
    expect.objectContaining({ profileId: ids.bob, kind: 'entered', at: new Date(T0), companyId: company.id }),
  ])
})

describe("dates in the company's time zone (America/Los_Angeles)", () => {
  // Mar 1 2026 00:00 PST is 08:00Z; Apr 1 00:00 PDT (after the DST change of Mar 8) is 07:00Z.
  const at = (iso: string) => Math.floor(Date.parse(iso) / 1000)
  async function world() {
    clock = T0
    const company = await makeCompany()
    await db.company.update({ where: { id: company.id }, data: { timezone: 'America/Los_Angeles' } })
    const metricId = shortId(6)
    await db.metric.create({ data: { id: metricId, companyId: company.id, name: 'Placed Order' } })
    const ids: Record<string, string> = {}
    const people: Array<[string, number | null, Record<string, unknown>]> = [
      ['feb28Evening', at('2026-02-28T20:00:00-08:00'), { d: '2026-03-01T05:00:00Z' }], // Feb 28, 21:00 local
      ['mar1Morning', at('2026-03-01T00:30:00-08:00'), { d: '2026-03-01' }], // a date-only value is that local day
      ['mar31Evening', at('2026-03-31T20:00:00-07:00'), { d: '2026-04-01T06:59:59Z' }], // Mar 31, 23:59:59 local
      ['apr1', at('2026-04-01T00:00:00-07:00'), { d: '2026-04-01T07:00:00Z' }],
      ['yesterday', Math.floor(T0 / 1000) - 86400, {}],
      // (Before 2038: Event.ts is a 32-bit integer on PostgreSQL.)
      ['future', at('2037-01-01T00:00:00Z'), { d: '2037-01-01' }],
    ]
    for (const [key, ts, properties] of people) {
      const id = ulid()
      ids[key] = id
      await db.profile.create({
        data: {
          id,
          companyId: company.id,
          email: `${key}@x.test`,
          properties: JSON.stringify(properties),
          createdAt: new Date(T0 - 100 * DAY),
        },
      })
      if (ts !== null)
        await db.event.create({ data: { companyId: company.id, profileId: id, metricId, ts, properties: '{}' } })
    }
    return { cid: company.id, metricId, ids }
  }
  const march = (metricId: string) =>
    and(did(metricId, 'at_least', 1, { type: 'between', start: '2026-03-01', end: '2026-03-31' }))

  test.each<[string, (m: string) => ConditionGroup, string[]]>([
    ['an event between two days counts whole local days', march, ['mar1Morning', 'mar31Evening']],
    [
      '"in the last 7 days" ends now: a future-dated event does not count',
      (m) => and(did(m, 'at_least', 1, { type: 'in_last_days', days: 7 })),
      ['yesterday'],
    ],
    [
      'zero times in the last 7 days includes the future-dated profile',
      (m) => and(did(m, 'zero_times', 0, { type: 'in_last_days', days: 7 })),
      ['apr1', 'feb28Evening', 'future', 'mar1Morning', 'mar31Evening'],
    ],
    [
      'a profile date between two days (date-only values are local days)',
      () => and(prop('properties.d', 'date', 'between', ['2026-03-01', '2026-03-31'])),
      ['mar1Morning', 'mar31Evening'],
    ],
    [
      'a profile date before / after a day',
      () =>
        or(prop('properties.d', 'date', 'before', '2026-03-01'), prop('properties.d', 'date', 'after', '2026-03-31')),
      ['apr1', 'feb28Evening', 'future'],
    ],
  ])('%s: recompute, preview and live evaluation agree', async (_n, root, expected) => {
    const { cid, metricId, ids } = await world()
    const definition: SegmentDefinition = { version: 1, root: root(metricId) }
    const seg = await createSegment(cid, { name: 'tz', definition })
    await runJobsUntilIdle()
    expect(await membersOf(seg.id, ids)).toEqual([...expected].sort())
    expect(await previewSegmentCount(cid, definition)).toBe(expected.length)
    await db.groupMembership.deleteMany({ where: { groupId: seg.id } })
    await reevaluateProfiles(cid, Object.values(ids))
    expect(await membersOf(seg.id, ids)).toEqual([...expected].sort())
  })
})
