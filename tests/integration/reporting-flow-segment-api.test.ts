/** @jest-environment node */
// POST /api/flow-values-reports, /api/flow-series-reports, /api/segment-values-reports and
// /api/segment-series-reports against hand-computed figures: flow messages' sends, human opens
// and clicks (a machine open left out), attributed conversions of the chosen metric, grouped as
// asked and per day; segment members added, removed and the total at each day's end; bad input
// as JSON:API 400s with their pointers; another account's flows and segments never show; the
// official SDK drives a flow series report.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)
import { ApiKeySession, ReportingApi } from 'klaviyo-api'
import { db } from '@/lib/db/client'
import { inWriteTx } from '@/lib/db/ops'
import { resetRateLimits } from '@/lib/api/rate-limit'
import { recordMessageEventOps, MESSAGE_METRICS } from '@/lib/messaging/message-events'
import { makeCompany } from '../helpers/factory'
import { makeApiKey, startRouteServer, type RouteServer } from '../helpers/route-server'
import * as flowValues from '@/app/api/flow-values-reports/route'
import * as flowSeries from '@/app/api/flow-series-reports/route'
import * as segmentValues from '@/app/api/segment-values-reports/route'
import * as segmentSeries from '@/app/api/segment-series-reports/route'

const H = 3_600_000
// Three whole UTC days: D0, D1, D2 (the range), a week ago.
const D0 = Math.floor((Date.now() - 7 * 24 * H) / (24 * H)) * 24 * H
const day = (i: number) => new Date(D0 + i * 24 * H).toISOString().slice(0, 10)
const range = { start: `${day(0)}T00:00:00`, end: `${day(3)}T00:00:00` }
let A: number, B: number, keyA: string, keyB: string, metricA: string
let n = 0

const routes: Record<string, { POST: (r: Request) => Promise<Response> }> = {
  'flow-values-report': flowValues,
  'flow-series-report': flowSeries,
  'segment-values-report': segmentValues,
  'segment-series-report': segmentSeries,
}
async function post(key: string, type: string, attributes: Record<string, unknown>) {
  await resetRateLimits() // the reports allow one call a second: each call here starts afresh (the limit is tested below)
  const res = await routes[type]!.POST(
    new Request(`http://localhost/api/${type}s`, {
      method: 'POST',
      headers: {
        authorization: `Klaviyo-API-Key ${key}`,
        'content-type': 'application/vnd.api+json',
        revision: '2026-07-15',
      },
      body: JSON.stringify({ data: { type, attributes } }),
    }),
  )
  return { status: res.status, json: await res.json() }
}

async function flowSend(cid: number, action: string, profileId: string, status: string, at: number) {
  const id = `fs${++n}`
  await db.send.create({
    data: {
      id,
      companyId: cid,
      channel: 'email',
      sourceType: 'flow_action_run',
      sourceId: `${action}:run${n}`,
      profileId,
      status,
      content: '{}',
      createdAt: new Date(at),
    },
  })
  return { id, source: `${action}:run${n}` }
}
async function ev(
  cid: number,
  profileId: string,
  send: { id: string; source: string },
  metric: string,
  at: number,
  extra: Record<string, unknown> = {},
) {
  await inWriteTx(() =>
    recordMessageEventOps({
      companyId: cid,
      profileId,
      metric,
      sendId: send.id,
      at: new Date(at),
      occurrence: String(++n),
      properties: { $message: send.source, $source_type: 'flow_action_run', channel: 'email', ...extra },
    }),
  )
}

beforeAll(async () => {
  jest.spyOn(console, 'error').mockImplementation(() => {})
  A = (await makeCompany('Flows A')).id
  B = (await makeCompany('Flows B')).id
  keyA = await makeApiKey(A)
  keyB = await makeApiKey(B)
  for (const [cid, p] of [
    [A, ['fp1', 'fp2', 'fp3']],
    [B, ['fq1']],
  ] as const)
    for (const id of p) await db.profile.create({ data: { id, companyId: cid, email: `${id}@x.test` } })
  metricA = (await db.metric.create({ data: { id: 'MFlowPO', companyId: A, name: 'Placed Order' } })).id
  await db.metric.create({ data: { id: 'MFlowOther', companyId: A, name: 'Started Checkout' } })
  await db.flow.create({ data: { id: 'FLA', companyId: A, name: 'Welcome', webhookSecret: 'x' } })
  await db.flowMessage.create({
    data: {
      id: 'FMA1',
      flowId: 'FLA',
      actionId: 'ACTA1',
      companyId: A,
      channel: 'email',
      name: 'Welcome 1',
      definition: '{}',
    },
  })
  await db.flowMessage.create({
    data: {
      id: 'FMA2',
      flowId: 'FLA',
      actionId: 'ACTA2',
      companyId: A,
      channel: 'email',
      name: 'Welcome 2',
      definition: '{}',
    },
  })
  await db.flow.create({ data: { id: 'FLB', companyId: B, name: 'Theirs', webhookSecret: 'x' } })
  await db.flowMessage.create({
    data: {
      id: 'FMB1',
      flowId: 'FLB',
      actionId: 'ACTB1',
      companyId: B,
      channel: 'email',
      name: 'Theirs',
      definition: '{}',
    },
  })

  // Welcome 1: day 0 two delivered, day 1 one bounced; p1 opens twice and clicks, p2 opens, a bot opens for p3.
  const s1 = await flowSend(A, 'ACTA1', 'fp1', 'delivered', D0 + 2 * H)
  const s2 = await flowSend(A, 'ACTA1', 'fp2', 'delivered', D0 + 3 * H)
  const s3 = await flowSend(A, 'ACTA1', 'fp3', 'bounced', D0 + 26 * H)
  await ev(A, 'fp1', s1, MESSAGE_METRICS.email.opened, D0 + 4 * H)
  await ev(A, 'fp1', s1, MESSAGE_METRICS.email.opened, D0 + 30 * H)
  await ev(A, 'fp1', s1, MESSAGE_METRICS.email.clicked, D0 + 30 * H)
  await ev(A, 'fp2', s2, MESSAGE_METRICS.email.opened, D0 + 5 * H)
  await ev(A, 'fp3', s3, MESSAGE_METRICS.email.opened, D0 + 27 * H, { $machine: true, $machine_reason: 'apple_mpp' })
  // Welcome 2: one delivered on day 2.
  await flowSend(A, 'ACTA2', 'fp1', 'delivered', D0 + 50 * H)
  // Conversions: p1's order (80) on day 1 to Welcome 1; one of another metric does not count.
  const base = {
    companyId: A,
    channel: 'email',
    touch: 'click',
    touchTs: Math.floor((D0 + 30 * H) / 1000),
    sourceType: 'flow',
    flowId: 'FLA',
  }
  const order = await db.event.create({
    data: { companyId: A, profileId: 'fp1', metricId: metricA, ts: Math.floor((D0 + 31 * H) / 1000), value: 80 },
  })
  await db.eventAttribution.create({
    data: {
      ...base,
      eventId: order.id,
      profileId: 'fp1',
      metricId: metricA,
      ts: order.ts,
      value: 80,
      messageId: 'ACTA1',
      sendId: s1.id,
    },
  })
  const other = await db.event.create({
    data: { companyId: A, profileId: 'fp2', metricId: 'MFlowOther', ts: Math.floor((D0 + 31 * H) / 1000), value: 10 },
  })
  await db.eventAttribution.create({
    data: {
      ...base,
      eventId: other.id,
      profileId: 'fp2',
      metricId: 'MFlowOther',
      ts: other.ts,
      value: 10,
      messageId: 'ACTA1',
      sendId: s2.id,
    },
  })
  // Company B's flow sends on day 0.
  await flowSend(B, 'ACTB1', 'fq1', 'delivered', D0 + 2 * H)

  // Segments: VIP has 3 members now; in the range 4 entered (day 0: 3, day 2: 1) and 1 left (day 1); after the range 1 entered.
  await db.group.create({ data: { id: 'SEGV', companyId: A, name: 'VIP', type: 1, definition: '{}' } })
  await db.group.create({ data: { id: 'LISTA', companyId: A, name: 'A list', type: 0 } })
  await db.group.create({ data: { id: 'SEGB', companyId: B, name: 'Theirs', type: 1, definition: '{}' } })
  for (const p of ['fp1', 'fp2', 'fp3'])
    await db.groupMembership.create({ data: { companyId: A, groupId: 'SEGV', profileId: p } })
  const change = (kind: string, at: number, group = 'SEGV', cid = A) =>
    db.groupMembershipChange.create({
      data: { companyId: cid, groupId: group, profileId: 'fp1', kind, at: new Date(at) },
    })
  for (const h of [1, 2, 3]) await change('entered', D0 + h * H)
  await change('left', D0 + 30 * H)
  await change('entered', D0 + 60 * H)
  await change('entered', D0 + 100 * H) // after the range
  await change('entered', D0 + 2 * H, 'SEGB', B)
})
beforeEach(() => resetRateLimits())

const STATS = [
  'recipients',
  'delivered',
  'bounced',
  'opens',
  'opens_unique',
  'clicks',
  'conversions',
  'conversion_value',
  'open_rate',
]

test('flow values: per message, by the default grouping, hand-computed; machine opens and other metrics left out', async () => {
  const r = await post(keyA, 'flow-values-report', {
    statistics: STATS,
    timeframe: range,
    conversion_metric_id: metricA,
  })
  expect(r.status).toBe(200)
  expect(r.json.data.id).toBeUndefined()
  const byMessage = Object.fromEntries(
    r.json.data.attributes.results.map((x: { groupings: { flow_message_id: string } }) => [
      x.groupings.flow_message_id,
      x,
    ]),
  )
  expect(byMessage.FMA1.groupings).toEqual({ flow_id: 'FLA', flow_message_id: 'FMA1', send_channel: 'email' })
  expect(byMessage.FMA1.statistics).toEqual({
    recipients: 3,
    delivered: 2,
    bounced: 1,
    opens: 3,
    opens_unique: 2,
    clicks: 1,
    conversions: 1,
    conversion_value: 80,
    open_rate: 1,
  })
  expect(byMessage.FMA2.statistics).toMatchObject({ recipients: 1, delivered: 1, opens: 0, conversions: 0 })
  expect(r.json.data.relationships.flows.data).toEqual([{ type: 'flow', id: 'FLA' }])
  expect(r.json.data.relationships['flow-messages'].data.map((m: { id: string }) => m.id).sort()).toEqual([
    'FMA1',
    'FMA2',
  ])

  // Grouped by flow: both messages summed; filtered to one message.
  const byFlow = await post(keyA, 'flow-values-report', {
    statistics: ['recipients', 'delivered'],
    timeframe: range,
    conversion_metric_id: metricA,
    group_by: ['flow_id', 'flow_message_id', 'flow_name'],
    filter: 'equals(flow_message_id,"FMA2")',
  })
  expect(byFlow.json.data.attributes.results).toEqual([
    {
      groupings: { flow_id: 'FLA', flow_message_id: 'FMA2', flow_name: 'Welcome' },
      statistics: { recipients: 1, delivered: 1 },
    },
  ])
  // Another account sees only its own flow.
  const theirs = await post(keyB, 'flow-values-report', {
    statistics: ['recipients'],
    timeframe: range,
    conversion_metric_id: 'MFlowPO',
  })
  expect(theirs.status).toBe(400) // the metric is not theirs
  await db.metric.create({ data: { id: 'MFlowPOB', companyId: B, name: 'Placed Order' } })
  const theirs2 = await post(keyB, 'flow-values-report', {
    statistics: ['recipients'],
    timeframe: range,
    conversion_metric_id: 'MFlowPOB',
  })
  expect(
    theirs2.json.data.attributes.results.map((x: { groupings: { flow_id: string } }) => x.groupings.flow_id),
  ).toEqual(['FLB'])
})

test('flow series: one value per day aligned with date_times; unique opens counted per day', async () => {
  const r = await post(keyA, 'flow-series-report', {
    statistics: ['recipients', 'opens', 'opens_unique', 'conversion_value'],
    timeframe: range,
    interval: 'daily',
    conversion_metric_id: metricA,
    filter: 'equals(flow_id,"FLA")',
  })
  expect(r.status).toBe(200)
  expect(r.json.data.attributes.date_times).toEqual([
    `${day(0)}T00:00:00+00:00`,
    `${day(1)}T00:00:00+00:00`,
    `${day(2)}T00:00:00+00:00`,
  ])
  const w1 = r.json.data.attributes.results.find(
    (x: { groupings: { flow_message_id: string } }) => x.groupings.flow_message_id === 'FMA1',
  )
  expect(w1.statistics).toEqual({
    recipients: [2, 1, 0],
    opens: [2, 1, 0],
    opens_unique: [2, 1, 0],
    conversion_value: [0, 80, 0],
  })
})

test('segment values and series: added, removed, net and the total at each end, walked back from today', async () => {
  const v = await post(keyA, 'segment-values-report', {
    statistics: ['members_added', 'members_removed', 'net_members_changed', 'total_members'],
    timeframe: range,
  })
  expect(v.status).toBe(200)
  // now 3; 1 entered after the range → 2 at its end
  expect(v.json.data.attributes.results).toEqual([
    {
      groupings: { segment_id: 'SEGV' },
      statistics: { members_added: 4, members_removed: 1, net_members_changed: 3, total_members: 2 },
    },
  ])
  const s = await post(keyA, 'segment-series-report', {
    statistics: ['members_added', 'members_removed', 'total_members'],
    timeframe: range,
    interval: 'daily',
    filter: 'any(segment_id,["SEGV"])',
  })
  expect(s.json.data.attributes.results).toEqual([
    {
      groupings: { segment_id: 'SEGV' },
      statistics: { members_added: [3, 0, 1], members_removed: [0, 1, 0], total_members: [2, 1, 2] },
    },
  ])
  // another account's segment is never reported; a list is not a segment
  const theirs = await post(keyB, 'segment-values-report', { statistics: ['total_members'], timeframe: range })
  expect(
    theirs.json.data.attributes.results.map((x: { groupings: { segment_id: string } }) => x.groupings.segment_id),
  ).toEqual(['SEGB'])
})

test.each([
  ['flow-values-report', { statistics: ['recipients'], timeframe: range }, '/data/attributes/conversion_metric_id'],
  [
    'flow-values-report',
    { statistics: ['nope'], timeframe: range, conversion_metric_id: 'MFlowPO' },
    '/data/attributes/statistics/0',
  ],
  [
    'flow-values-report',
    {
      statistics: ['recipients'],
      timeframe: { start: `${day(0)}T00:00:00`, end: '2099-01-01T00:00:00' },
      conversion_metric_id: 'MFlowPO',
    },
    '/data/attributes/timeframe',
  ],
  [
    'flow-values-report',
    { statistics: ['recipients'], timeframe: range, conversion_metric_id: 'MFlowPO', group_by: ['flow_name'] },
    '/data/attributes/group_by',
  ],
  [
    'flow-values-report',
    {
      statistics: ['recipients'],
      timeframe: range,
      conversion_metric_id: 'MFlowPO',
      filter: 'equals(send_channel,"fax")',
    },
    '/data/attributes/filter',
  ],
  [
    'flow-series-report',
    { statistics: ['recipients'], timeframe: range, conversion_metric_id: 'MFlowPO' },
    '/data/attributes/interval',
  ],
  [
    'flow-series-report',
    {
      statistics: ['recipients'],
      timeframe: { key: 'last_30_days' },
      interval: 'hourly',
      conversion_metric_id: 'MFlowPO',
    },
    '/data/attributes/interval',
  ],
  ['segment-values-report', { statistics: ['opens'], timeframe: range }, '/data/attributes/statistics/0'],
  [
    'segment-values-report',
    { statistics: ['total_members'], timeframe: range, filter: 'contains-any(segment_id,["x"])' },
    '/data/attributes/filter',
  ],
])('bad input is a 400 naming the field: %s %#', async (type, attributes, pointer) => {
  const r = await post(keyA, type, attributes)
  expect(r.status).toBe(400)
  expect(r.json.errors.map((e: { source: { pointer: string } }) => e.source.pointer)).toContain(pointer)
})

test('the reports allow one call a second (429 with Retry-After)', async () => {
  await resetRateLimits()
  const call = () =>
    flowValues.POST(
      new Request('http://localhost/api/flow-values-reports', {
        method: 'POST',
        headers: {
          authorization: `Klaviyo-API-Key ${keyA}`,
          'content-type': 'application/vnd.api+json',
          revision: '2026-07-15',
        },
        body: JSON.stringify({
          data: {
            type: 'flow-values-report',
            attributes: { statistics: ['recipients'], timeframe: range, conversion_metric_id: metricA },
          },
        }),
      }),
    )
  expect((await call()).status).toBe(200)
  const second = await call()
  expect(second.status).toBe(429)
  expect(second.headers.get('Retry-After')).toMatch(/^\d+$/)
})

describe('the official SDK', () => {
  let server: RouteServer
  beforeAll(async () => {
    server = await startRouteServer()
  })
  afterAll(() => server.close())
  test('queryFlowSeries', async () => {
    const reporting = new ReportingApi(new ApiKeySession(keyA))
    reporting.basePath = server.url
    const res = await reporting.queryFlowSeries({
      data: {
        type: 'flow-series-report',
        attributes: { statistics: ['recipients'], timeframe: range, interval: 'daily', conversionMetricId: metricA },
      },
    } as never)
    expect(res.response.status).toBe(200)
    expect((res.body.data.attributes as unknown as { dateTimes: string[] }).dateTimes).toHaveLength(3)
  })
})
