/** @jest-environment node */
// Reporting: campaignFigures against hand-computed figures (bots excluded, attributed revenue),
// POST /api/campaign-values-reports (statistics, grouping, filters, no data.id), every bad
// input as a JSON:API 400 with its pointer, the 1/s burst rate limit, cross-tenant, timeframes.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(120_000)
import { db } from '@/lib/db/client'
import { inWriteTx } from '@/lib/db/ops'
import { resetRateLimits, takeDaily } from '@/lib/api/rate-limit'
import { ingestEvents } from '@/lib/events/ingest-events'
import { recordMessageEventOps, MESSAGE_METRICS } from '@/lib/messaging/message-events'
import { campaignFigures } from '@/lib/reporting/campaign-values'
import { keyRange, customRange } from '@/lib/reporting/timeframe'
import { POST } from '@/app/api/campaign-values-reports/route'
import { makeCompany } from '../helpers/factory'
import { makeApiKey } from '../helpers/route-server'

const H = 3_600_000
const T = Date.now() - 10 * 24 * H
let A: number, B: number, keyA: string, keyB: string, metricA: string
let n = 0
const C = 'CAMPA',
  M = 'MSGA'

async function profile(cid: number, email: string) {
  const [r] = await ingestEvents(cid, [
    { metric: { name: 'Signed Up' }, profile: { email }, time: new Date(T - 5 * 24 * H) },
  ])
  return r!.profileId
}
async function send(cid: number, profileId: string, status: string, messageId = M) {
  const id = `send${++n}`
  await db.send.create({
    data: {
      id,
      companyId: cid,
      channel: 'email',
      sourceType: 'campaign_message',
      sourceId: messageId,
      profileId,
      status,
      content: '{}',
    },
  })
  return id
}
async function ev(
  cid: number,
  profileId: string,
  sendId: string,
  metric: string,
  at: number,
  extra: Record<string, unknown> = {},
  messageId = M,
) {
  await inWriteTx(() =>
    recordMessageEventOps({
      companyId: cid,
      profileId,
      metric,
      sendId,
      at: new Date(at),
      occurrence: String(++n),
      properties: { $message: messageId, $source_type: 'campaign_message', channel: 'email', ...extra },
    }),
  )
}

beforeAll(async () => {
  jest.spyOn(console, 'error').mockImplementation(() => {})
  A = (await makeCompany()).id
  B = (await makeCompany()).id
  keyA = await makeApiKey(A)
  keyB = await makeApiKey(B)
  await db.campaign.create({ data: { id: C, companyId: A, name: 'Spring', channel: 'email', status: 'Sent' } })
  await db.campaignMessage.create({ data: { id: M, companyId: A, campaignId: C, channel: 'email', label: 'Main' } })
  const [p1, p2, p3, p4] = [
    await profile(A, 'p1@x.test'),
    await profile(A, 'p2@x.test'),
    await profile(A, 'p3@x.test'),
    await profile(A, 'p4@x.test'),
  ]
  const s1 = await send(A, p1!, 'delivered')
  const s2 = await send(A, p2!, 'sent')
  const s3 = await send(A, p3!, 'delivered')
  await send(A, p4!, 'bounced')
  await ev(A, p1!, s1, MESSAGE_METRICS.email.opened, T)
  await ev(A, p1!, s1, MESSAGE_METRICS.email.opened, T + H)
  await ev(A, p2!, s2, MESSAGE_METRICS.email.opened, T)
  await ev(A, p3!, s3, MESSAGE_METRICS.email.opened, T, { $machine: true, $machine_reason: 'apple_mpp' })
  await ev(A, p1!, s1, MESSAGE_METRICS.email.clicked, T + 2 * H)
  await ev(A, p2!, s2, MESSAGE_METRICS.email.clicked, T + 2 * H, {
    $machine: true,
    $machine_reason: 'security_scanner',
  })
  await ev(A, p2!, s2, MESSAGE_METRICS.email.unsubscribed, T + 3 * H)
  const orders = await ingestEvents(A, [
    {
      metric: { name: 'Placed Order' },
      profile: { email: 'p1@x.test' },
      time: new Date(T + 5 * H),
      value: 100,
      uniqueId: 'o1',
    },
    {
      metric: { name: 'Placed Order' },
      profile: { email: 'p2@x.test' },
      time: new Date(T + 5 * H),
      value: 50,
      uniqueId: 'o2',
    },
    {
      metric: { name: 'Placed Order' },
      profile: { email: 'p3@x.test' },
      time: new Date(T + 5 * H),
      value: 30,
      uniqueId: 'o3',
    },
  ])
  metricA = orders[0]!.metricId
  // Company B: its own campaign with one delivered send.
  await db.campaign.create({ data: { id: 'CAMPB', companyId: B, name: 'Theirs', channel: 'email', status: 'Sent' } })
  await db.campaignMessage.create({ data: { id: 'MSGB', companyId: B, campaignId: 'CAMPB', channel: 'email' } })
  await send(B, await profile(B, 'q@x.test'), 'delivered', 'MSGB')
})
beforeEach(() => resetRateLimits())

test('campaignFigures: hand-computed figures; bot opens and clicks excluded; attributed revenue', async () => {
  const f = await campaignFigures(A, C)
  expect(f).toMatchObject({
    recipients: 4,
    delivered: 3,
    delivery_rate: 0.75,
    bounced: 1,
    bounce_rate: 0.25,
    failed: 0,
    bounced_or_failed: 1,
    opens: 3,
    opens_unique: 2,
    clicks: 1,
    clicks_unique: 1,
    click_to_open_rate: 0.5,
    unsubscribes: 1,
    unsubscribe_uniques: 1,
    spam_complaints: 0,
    conversions: 2,
    conversion_uniques: 2,
    conversion_value: 150,
    conversion_rate: 0.5,
    revenue_per_recipient: 37.5,
    average_order_value: 75,
    text_message_spend: 0,
    message_segment_count_sum: 0,
  })
  expect(f.open_rate).toBeCloseTo(2 / 3)
  expect(f.click_rate).toBeCloseTo(1 / 3)
  expect(f.unsubscribe_rate).toBeCloseTo(1 / 3)
  // Another company's id yields nothing.
  expect((await campaignFigures(B, C)).recipients).toBe(0)
})

const post = (key: string, body: unknown) =>
  POST(
    new Request('http://localhost/api/campaign-values-reports', {
      method: 'POST',
      headers: {
        authorization: `Klaviyo-API-Key ${key}`,
        'content-type': 'application/vnd.api+json',
        revision: '2026-07-15',
      },
      body: JSON.stringify(body),
    }),
  )
const body = (attrs: Record<string, unknown>) => ({
  data: {
    type: 'campaign-values-report',
    attributes: {
      statistics: ['recipients', 'open_rate', 'conversion_value'],
      timeframe: { key: 'last_30_days' },
      conversion_metric_id: metricA,
      ...attrs,
    },
  },
})

test('POST /api/campaign-values-reports: results by the default grouping, no data.id, relationships', async () => {
  const r = await post(keyA, body({}))
  expect(r.status).toBe(200)
  const j = await r.json()
  expect(j.data.id).toBeUndefined()
  expect(j.data.type).toBe('campaign-values-report')
  expect(j.data.attributes.results).toHaveLength(1)
  expect(j.data.attributes.results[0].groupings).toEqual({
    campaign_id: C,
    campaign_message_id: M,
    send_channel: 'email',
  })
  expect(j.data.attributes.results[0].statistics.recipients).toBe(4)
  expect(j.data.attributes.results[0].statistics.conversion_value).toBe(150)
  expect(Object.keys(j.data.attributes.results[0].statistics).sort()).toEqual([
    'conversion_value',
    'open_rate',
    'recipients',
  ])
  expect(j.data.relationships.campaigns.data).toEqual([{ type: 'campaign', id: C }])
})

test('filters: campaign_id equals, send_channel contains-any; another channel or company yields no results', async () => {
  let j = await (await post(keyA, body({ filter: `equals(campaign_id,"${C}")` }))).json()
  expect(j.data.attributes.results).toHaveLength(1)
  resetRateLimits()
  j = await (await post(keyA, body({ filter: 'and(contains-any(send_channel,["sms"]))' }))).json()
  expect(j.data.attributes.results).toEqual([])
  resetRateLimits()
  // Company B filtering on A's campaign sees nothing (and A's metric is unknown to B).
  const r = await post(keyB, body({ filter: `equals(campaign_id,"${C}")` }))
  expect(r.status).toBe(400)
  expect((await r.json()).errors[0].source.pointer).toBe('/data/attributes/conversion_metric_id')
  resetRateLimits()
  const [m] = await ingestEvents(B, [{ metric: { name: 'Placed Order' }, profile: { email: 'q@x.test' } }])
  j = await (await post(keyB, body({ conversion_metric_id: m!.metricId, filter: `equals(campaign_id,"${C}")` }))).json()
  expect(j.data.attributes.results).toEqual([])
})

test.each([
  ['no statistics', { statistics: [] }, '/data/attributes/statistics'],
  ['an unknown statistic', { statistics: ['recipients', 'nope'] }, '/data/attributes/statistics/1'],
  ['no timeframe', { timeframe: undefined }, '/data/attributes/timeframe'],
  ['a bad timeframe key', { timeframe: { key: 'last_2_days' } }, '/data/attributes/timeframe/key'],
  [
    'a custom range over a year',
    { timeframe: { start: '2024-01-01T00:00:00', end: '2025-06-01T00:00:00' } },
    '/data/attributes/timeframe',
  ],
  [
    'an end before the start',
    { timeframe: { start: '2025-06-01T00:00:00', end: '2025-01-01T00:00:00' } },
    '/data/attributes/timeframe',
  ],
  ['no conversion metric', { conversion_metric_id: undefined }, '/data/attributes/conversion_metric_id'],
  ['group_by without campaign_message_id', { group_by: ['campaign_id'] }, '/data/attributes/group_by'],
  ['an unknown group_by', { group_by: ['campaign_id', 'campaign_message_id', 'flow_id'] }, '/data/attributes/group_by'],
  ['a filter on an unknown field', { filter: 'equals(flow_id,"x")' }, '/data/attributes/filter'],
  ['a filter with a bad operator', { filter: 'greater-than(campaign_id,"x")' }, '/data/attributes/filter'],
  ['a bad send_channel', { filter: 'contains-any(send_channel,["fax"])' }, '/data/attributes/filter'],
  [
    'two filters on one attribute',
    { filter: 'and(equals(campaign_id,"a"),equals(campaign_id,"b"))' },
    '/data/attributes/filter',
  ],
  ['an or()', { filter: 'or(equals(campaign_id,"a"),equals(campaign_id,"b"))' }, '/data/attributes/filter'],
])('bad input: %s → 400 with its pointer', async (_name, attrs, pointer) => {
  const r = await post(keyA, body(attrs))
  expect(r.status).toBe(400)
  const j = await r.json()
  expect(j.errors.map((e: { source?: { pointer?: string } }) => e.source?.pointer)).toContain(pointer)
})

test('rate limit (1/s burst, 2/min steady): a third request within the minute is refused with 429 and Retry-After', async () => {
  expect((await post(keyA, body({}))).status).toBe(200)
  const second = await post(keyA, body({}))
  const third = await post(keyA, body({}))
  // The second is refused by the burst window unless the first ran across a second's boundary;
  // the third always is (steady 2 per minute).
  expect(third.status).toBe(429)
  expect(third.headers.get('retry-after')).toBeTruthy()
  expect([200, 429]).toContain(second.status)
  // Another company has its own budget.
  expect((await post(keyB, body({ conversion_metric_id: undefined }))).status).toBe(400)
})

test('timeframes in the company zone: keys and custom ranges', () => {
  const now = new Date('2026-03-15T10:00:00Z')
  expect(keyRange('yesterday', now, 'UTC')).toEqual({
    start: new Date('2026-03-14T00:00:00Z'),
    end: new Date('2026-03-15T00:00:00Z'),
  })
  expect(keyRange('last_month', now, 'America/New_York').start.toISOString()).toBe('2026-02-01T05:00:00.000Z')
  expect(keyRange('today', now, 'Asia/Tokyo').start.toISOString()).toBe('2026-03-14T15:00:00.000Z')
  // The offset of a custom range is ignored: wall-clock time in the company's zone.
  expect(customRange('2026-01-01T00:00:00+02:00', '2026-01-02T00:00:00Z', 'Europe/Paris')).toEqual({
    start: new Date('2025-12-31T23:00:00Z'),
    end: new Date('2026-01-01T23:00:00Z'),
  })
})

test('the reporting endpoints allow 225 requests a UTC day per account: the 226th is a 429 until midnight', async () => {
  const key = 'unit:daily-test'
  const noon = Date.UTC(2026, 10, 20, 12)
  for (let i = 1; i <= 225; i++) expect((await takeDaily(key, 225, noon + i)).allowed).toBe(true)
  const refused = await takeDaily(key, 225, noon + 500)
  expect(refused).toMatchObject({ allowed: false, used: 225, retryAfter: 12 * 3600 })
  expect((await takeDaily(key, 225, Date.UTC(2026, 10, 21, 0, 0, 1))).allowed).toBe(true) // the next day

  // Through the endpoint: account A has used its day (the same daily row the route counts).
  await resetRateLimits()
  const today = new Date().toISOString().slice(0, 10)
  const row = `api:${A}:1/2:day:${today}`
  await db.apiRateLimit.upsert({
    where: { key: row },
    create: {
      key: row,
      burstStart: 0,
      burstCount: 225,
      burstPrev: 0,
      steadyStart: Date.now() + 3_600_000,
      steadyCount: 0,
      steadyPrev: 0,
      allowed: 1,
    },
    update: { burstCount: 225 },
  })
  const r = await post(keyA, body({}))
  expect(r.status).toBe(429)
  expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0)
  expect((await r.json()).errors[0].detail).toMatch(/daily limit of 225/)
  await resetRateLimits()
  expect((await post(keyB, body({}))).status).not.toBe(429) // another account's day is its own
})
