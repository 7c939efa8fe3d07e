/** @jest-environment node */
// The report builder's engine as a table of definitions → results, checked against figures
// computed by hand from the metrics fixture (New York, the DST week of March 2024): totals,
// event-property, profile-property and time groups, filters, the previous-period comparison,
// message sources grouped by campaign and flow, conversions grouped by attributed campaign,
// custom metrics, the group limit, and definitions the engine must refuse (400 naming the field).
// Runs on SQLite and PostgreSQL (tests/postgres.list).
import { useTestDatabase } from '@/tests/helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)
import { db } from '@/lib/db/client'
import { ulid } from '@/lib/ids/make-id'
import { AppError } from '@/lib/errors/app-error'
import { reportDefinition, type ReportDefinitionInput } from '@/lib/analytics/report-definition'
import { runReport } from '@/lib/analytics/run-report'
import { addEvents, makeMetricsFixture, TZ } from './metrics-fixture'

let fx: Awaited<ReturnType<typeof makeMetricsFixture>>
let other: Awaited<ReturnType<typeof makeMetricsFixture>>
const NOW = new Date('2024-03-20T12:00:00Z')
const FIXTURE_DAYS = { range: 'custom' as const, start: '2024-03-08', end: '2024-03-12' }

const run = (
  def: Omit<ReportDefinitionInput, 'source'> & { source?: ReportDefinitionInput['source'] },
  companyId = fx.company.id,
) =>
  runReport(companyId, reportDefinition.parse({ source: { type: 'metric', metricId: fx.metricId }, ...def }), {
    now: NOW,
    timeZone: TZ,
  })

let flowAction: string

beforeAll(async () => {
  fx = await makeMetricsFixture()
  other = await makeMetricsFixture()
  await db.profile.update({ where: { id: fx.profiles.p1 }, data: { city: 'Boston' } })
  await db.profile.update({ where: { id: fx.profiles.p2 }, data: { city: 'Austin', properties: '{"Tier":"gold"}' } })

  // Two campaigns (one with two messages) and a flow, with message events naming them.
  const c = fx.company.id
  const camp = async (name: string) =>
    (await db.campaign.create({ data: { id: ulid(), companyId: c, name, channel: 'email' } })).id
  const msg = async (campaignId: string) =>
    (await db.campaignMessage.create({ data: { id: ulid(), companyId: c, campaignId, channel: 'email' } })).id
  const spring = await camp('Spring sale')
  const news = await camp('Newsletter')
  const [m1, m2, m3] = [await msg(spring), await msg(spring), await msg(news)]
  const flow = await db.flow.create({ data: { id: ulid(), companyId: c, name: 'Welcome', webhookSecret: 'x' } })
  flowAction = (
    await db.flowAction.create({
      data: { id: ulid(), flowId: flow.id, companyId: c, versionAdded: 1, actionType: 'send-email', definition: '{}' },
    })
  ).id
  const received = (email: string, time: string, message: string, sourceType: string) => ({
    metric: 'Received Email',
    email,
    time,
    properties: { $message: message, $source_type: sourceType, Subject: 'Hi' },
  })
  await addEvents(c, [
    received('p1@ex.test', '2024-03-09T15:00:00Z', m1!, 'campaign_message'),
    received('p2@ex.test', '2024-03-09T15:00:00Z', m2!, 'campaign_message'),
    received('p3@ex.test', '2024-03-09T15:00:00Z', m3!, 'campaign_message'),
    received('p1@ex.test', '2024-03-10T15:00:00Z', `${flowAction}:run1`, 'flow_action_run'),
    received('p2@ex.test', '2024-03-11T15:00:00Z', `${flowAction}:run2`, 'flow_action_run'),
  ])
  // e4 (20, p2) attributed to the Spring sale, e6 (1.25, p1) to the Welcome flow.
  const attribute = async (index: number, value: number, to: { campaignId?: string; flowId?: string }) => {
    const e = await db.event.findFirstOrThrow({ where: { id: fx.eventIds[index]! } })
    await db.eventAttribution.create({
      data: {
        eventId: e.id,
        companyId: c,
        profileId: e.profileId,
        metricId: e.metricId,
        ts: e.ts,
        value,
        sourceType: to.campaignId ? 'campaign' : 'flow',
        campaignId: to.campaignId ?? null,
        flowId: to.flowId ?? null,
        messageId: to.campaignId ? m1! : flowAction,
        sendId: 'send',
        channel: 'email',
        touch: 'click',
        touchTs: e.ts - 60,
      },
    })
  }
  await attribute(3, 20, { campaignId: spring })
  await attribute(5, 1.25, { flowId: flow.id })
})

test('totals of the fixture days: count 7, value 46.75, 3 profiles', async () => {
  const r = await run({ measurements: ['count', 'sum_value', 'unique'], timeframe: FIXTURE_DAYS })
  expect(r.totals).toEqual({ count: 7, sum_value: 46.75, unique: 3 })
  expect(r.columns.map((c) => c.key)).toEqual(['count', 'sum_value', 'unique'])
  expect(r.rows).toEqual([[7, 46.75, 3]])
  expect(r.range).toEqual({ start: '2024-03-08T05:00:00.000Z', end: '2024-03-13T04:00:00.000Z' })
})

test.each<[string, Partial<ReportDefinitionInput>, unknown[][]]>([
  [
    'by an event property, largest first, events without it as null',
    { measurements: ['count', 'sum_value', 'unique'], groupBy: [{ type: 'event_property', name: 'Category' }] },
    [
      ['Shoes', 3, 18.75, 2],
      ['Bags', 1, 0, 1],
      ['Hats', 1, 5, 1],
      ['shoes-premium', 1, 20, 1],
      [null, 1, 3, 1],
    ],
  ],
  [
    'by local day (the DST day included)',
    { measurements: ['count', 'sum_value', 'unique'], groupBy: [{ type: 'time', granularity: 'daily' }] },
    [
      ['2024-03-08T00:00:00-05:00', 1, 10, 1],
      ['2024-03-09T00:00:00-05:00', 2, 12.5, 2],
      ['2024-03-10T00:00:00-05:00', 2, 20, 2],
      ['2024-03-11T00:00:00-04:00', 2, 4.25, 1],
      ['2024-03-12T00:00:00-04:00', 0, 0, 0],
    ],
  ],
  [
    'by a profile column',
    { measurements: ['count', 'sum_value'], groupBy: [{ type: 'profile_property', name: 'city' }] },
    [
      ['Boston', 4, 19.25],
      ['Austin', 2, 27.5],
      [null, 1, 0],
    ],
  ],
  [
    'by a custom profile property (profiles without it last)',
    { measurements: ['count'], groupBy: [{ type: 'profile_property', name: 'Tier' }] },
    [
      ['gold', 2],
      [null, 5],
    ],
  ],
  [
    'a filter (Category equal Shoes) and a week group',
    {
      measurements: ['count', 'sum_value'],
      filters: [{ field: 'Category', op: 'equal', value: 'Shoes' }],
      groupBy: [{ type: 'time', granularity: 'weekly' }],
    },
    [
      ['2024-03-03T00:00:00-05:00', 2, 17.5],
      ['2024-03-10T00:00:00-05:00', 1, 1.25],
    ],
  ],
  [
    'two dimensions: property and day, limited to the largest group',
    {
      measurements: ['count'],
      groupBy: [
        { type: 'event_property', name: 'Category' },
        { type: 'time', granularity: 'daily' },
      ],
      limit: 1,
    },
    [
      ['Shoes', '2024-03-08T00:00:00-05:00', 1],
      ['Shoes', '2024-03-09T00:00:00-05:00', 1],
      ['Shoes', '2024-03-10T00:00:00-05:00', 0],
      ['Shoes', '2024-03-11T00:00:00-04:00', 1],
      ['Shoes', '2024-03-12T00:00:00-04:00', 0],
    ],
  ],
  [
    'conversions by attributed campaign (revenue by campaign)',
    { measurements: ['sum_value', 'count'], groupBy: [{ type: 'campaign' }] },
    [
      ['Spring sale', 20, 1],
      [null, 26.75, 6],
    ],
  ],
  [
    'conversions by attributed flow',
    { measurements: ['sum_value'], groupBy: [{ type: 'flow' }] },
    [
      ['Welcome', 1.25],
      [null, 45.5],
    ],
  ],
])('%s', async (_, def, rows) => {
  const r = await run({ timeframe: FIXTURE_DAYS, ...def } as ReportDefinitionInput)
  expect(r.rows).toEqual(rows)
})

test('the group limit keeps the largest groups and says how many there were', async () => {
  const r = await run({
    measurements: ['count'],
    timeframe: FIXTURE_DAYS,
    groupBy: [{ type: 'event_property', name: 'Category' }],
    limit: 2,
  })
  expect(r.rows).toEqual([
    ['Shoes', 3],
    ['Bags', 1],
  ])
  expect(r.groups).toBe(5)
  expect(r.truncated).toBe(true)
  // Totals count every event, not only the shown groups.
  expect(r.totals).toEqual({ count: 7 })
})

test('compare with the previous period of the same length', async () => {
  // Mar 10–12 (4 events, 24.25) against the 71 hours before (e1–e3: 3 events, 22.5).
  const r = await run({
    measurements: ['count', 'sum_value'],
    timeframe: { range: 'custom', start: '2024-03-10', end: '2024-03-12' },
    compare: true,
  })
  expect(r.totals).toEqual({ count: 4, sum_value: 24.25 })
  expect(r.previousTotals).toEqual({ count: 3, sum_value: 22.5 })
  expect(r.columns.map((c) => c.key)).toEqual([
    'count',
    'sum_value',
    'count_previous',
    'count_change',
    'sum_value_previous',
    'sum_value_change',
  ])
  expect(r.rows).toEqual([[4, 24.25, 3, 33.333333, 22.5, 7.777778]])
  const byCategory = await run({
    measurements: ['count'],
    timeframe: { range: 'custom', start: '2024-03-10', end: '2024-03-12' },
    groupBy: [{ type: 'event_property', name: 'Category' }],
    compare: true,
  })
  expect(byCategory.rows).toEqual([
    ['Bags', 1, 0, null],
    ['Shoes', 1, 2, -50],
    ['shoes-premium', 1, 0, null],
    [null, 1, 0, null],
  ])
})

test('message sources: campaign emails by campaign (two messages of one campaign add up), flow emails by flow', async () => {
  const campaigns = await run({
    source: { type: 'messages', channel: 'email', messageType: 'campaign', event: 'sent' },
    measurements: ['count', 'unique'],
    groupBy: [{ type: 'campaign' }],
    timeframe: FIXTURE_DAYS,
  })
  expect(campaigns.rows).toEqual([
    ['Spring sale', 2, 2],
    ['Newsletter', 1, 1],
  ])
  expect(campaigns.totals).toEqual({ count: 3, unique: 3 })
  const flows = await run({
    source: { type: 'messages', channel: 'email', messageType: 'flow', event: 'sent' },
    measurements: ['count'],
    groupBy: [{ type: 'flow' }, { type: 'event_property', name: 'Subject' }],
    timeframe: FIXTURE_DAYS,
  })
  expect(flows.rows).toEqual([['Welcome', 'Hi', 2]])
  // An account without the message metric gets an empty report, not an error.
  const none = await run(
    {
      source: { type: 'messages', channel: 'sms', messageType: 'flow', event: 'sent' },
      measurements: ['count'],
      timeframe: FIXTURE_DAYS,
    },
    other.company.id,
  )
  expect(none.totals).toEqual({ count: 0 })
})

test('a custom metric adds its metric groups, each with its own conditions', async () => {
  const viewed = (await db.metric.findFirstOrThrow({ where: { companyId: fx.company.id, name: 'Viewed Product' } })).id
  const cm = await db.customMetric.create({
    data: {
      id: ulid(),
      companyId: fx.company.id,
      name: 'Shoe orders and views',
      aggregation: 'count',
      groups: JSON.stringify([
        {
          metric_id: fx.metricId,
          metric_filters: [{ property: 'Category', filter: { type: 'string', operator: 'equals', value: 'Shoes' } }],
        },
        { metric_id: viewed, metric_filters: null },
        // Another account's metric counts nothing.
        { metric_id: other.metricId, metric_filters: null },
      ]),
    },
  })
  const r = await run({
    source: { type: 'custom_metric', customMetricId: cm.id },
    measurements: ['count'],
    groupBy: [{ type: 'time', granularity: 'daily' }],
    timeframe: FIXTURE_DAYS,
  })
  expect(r.rows.map((row) => row[1])).toEqual([1, 2, 0, 1, 0])
  expect(r.totals).toEqual({ count: 4 })
})

const fieldsOf = (e: unknown) => {
  if (e instanceof AppError) return Object.keys(e.fieldErrors ?? {})
  const issues = (e as { issues?: Array<{ path: PropertyKey[] }> }).issues ?? []
  return issues.map((i) => i.path.join('.'))
}

test.each<[string, Record<string, unknown>, string]>([
  ['an unknown measurement', { measurements: ['median'] }, 'measurements.0'],
  ['an unknown operator', { filters: [{ field: 'Category', op: 'regex', value: 'x' }] }, 'filters.0.op'],
  ['an unknown dimension type', { groupBy: [{ type: 'weather' }] }, 'groupBy.0.type'],
  ['too many group-bys', { groupBy: [1, 2, 3, 4].map((i) => ({ type: 'event_property', name: `p${i}` })) }, 'groupBy'],
  [
    'too many filters',
    { filters: Array.from({ length: 11 }, () => ({ field: 'a', op: 'equal', value: 1 })) },
    'filters',
  ],
  ['too many groups shown', { limit: 1001 }, 'limit'],
  ['an unknown timeframe', { timeframe: { range: 'last_1000_days' } }, 'timeframe.range'],
  [
    'a custom range over two years',
    { timeframe: { range: 'custom', start: '2020-01-01', end: '2022-06-01' } },
    'timeframe.end',
  ],
  ['a custom range without its end', { timeframe: { range: 'custom', start: '2024-01-01' } }, 'timeframe.end'],
  [
    'group by time twice',
    {
      groupBy: [
        { type: 'time', granularity: 'daily' },
        { type: 'time', granularity: 'weekly' },
      ],
    },
    'groupBy',
  ],
  [
    'a flow report grouped by campaign',
    { source: { type: 'messages', channel: 'email', messageType: 'flow' }, groupBy: [{ type: 'campaign' }] },
    'groupBy.0.type',
  ],
  [
    'an sms event of email',
    { source: { type: 'messages', channel: 'sms', messageType: 'flow', event: 'opened' } },
    'source.event',
  ],
])('refuses %s, naming the field', (_, patch, field) => {
  const r = reportDefinition.safeParse({ source: { type: 'metric', metricId: 'x' }, measurements: ['count'], ...patch })
  expect(r.success).toBe(false)
  expect(fieldsOf(r.error)).toContain(field)
})

test('an unknown metric or another account’s metric is a 400 on source.metricId', async () => {
  for (const metricId of ['nope', other.metricId]) {
    const e = await run({
      source: { type: 'metric', metricId },
      measurements: ['count'],
      timeframe: FIXTURE_DAYS,
    }).catch((x) => x)
    expect(e).toBeInstanceOf(AppError)
    expect(e.status).toBe(400)
    expect(fieldsOf(e)).toEqual(['source.metricId'])
  }
})

test('hourly buckets are not offered; a daily report over all time of an empty metric is one day', async () => {
  expect(
    reportDefinition.safeParse({
      source: { type: 'metric', metricId: 'x' },
      measurements: ['count'],
      groupBy: [{ type: 'time', granularity: 'hourly' }],
    }).success,
  ).toBe(false)
  const empty = await db.metric.create({ data: { id: 'emptym', companyId: fx.company.id, name: 'Empty' } })
  const r = await run({
    source: { type: 'metric', metricId: empty.id },
    measurements: ['count'],
    timeframe: { range: 'alltime' },
    groupBy: [{ type: 'time', granularity: 'daily' }],
  })
  expect(r.rows).toEqual([['2024-03-20T00:00:00-04:00', 0]])
})
