/** @jest-environment node */
// GET /api/events?include=attributions and /api/events/{id}?include=attributions: a conversion a
// campaign message earned names the campaign and its message, one a flow earned names the flow
// and its flow message; an unattributed event has an empty relationship; another account's
// attributions never show; the official SDK reads them.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(30_000)
import { ApiKeySession, EventsApi } from 'klaviyo-api'
import { db } from '@/lib/db/client'
import { resetRateLimits } from '@/lib/api/rate-limit'
import { makeCompany } from '../helpers/factory'
import { api, makeApiKey, startRouteServer, type RouteServer } from '../helpers/route-server'

let A: number, B: number, keyA: string, keyB: string
const ids: Record<string, number> = {}
let server: RouteServer
beforeAll(async () => {
  server = await startRouteServer()
  A = (await makeCompany('Attr API A')).id
  B = (await makeCompany('Attr API B')).id
  keyA = await makeApiKey(A)
  keyB = await makeApiKey(B)
  for (const [c, p] of [
    [A, 'PattA'],
    [B, 'PattB'],
  ] as const) {
    await db.profile.create({ data: { id: p, companyId: c, email: `${p}@x.test` } })
    await db.metric.create({ data: { id: `MPO${c}`, companyId: c, name: 'Placed Order' } })
  }
  const ev = async (key: string, c: number, p: string, ts: number) =>
    (ids[key] = (
      await db.event.create({ data: { companyId: c, profileId: p, metricId: `MPO${c}`, ts, value: 50 } })
    ).id)
  await ev('campaign', A, 'PattA', 1_790_000_000)
  await ev('flow', A, 'PattA', 1_790_000_100)
  await ev('none', A, 'PattA', 1_790_000_200)
  await ev('theirs', B, 'PattB', 1_790_000_300)
  const base = {
    profileId: 'PattA',
    ts: 1_790_000_000,
    value: 50,
    channel: 'email',
    touch: 'click',
    touchTs: 1_789_999_000,
  }
  await db.eventAttribution.create({
    data: {
      ...base,
      eventId: ids.campaign!,
      companyId: A,
      metricId: `MPO${A}`,
      sourceType: 'campaign',
      campaignId: 'CmpA',
      messageId: 'CmsgA',
      sendId: 'SendA1',
    },
  })
  await db.eventAttribution.create({
    data: {
      ...base,
      eventId: ids.flow!,
      companyId: A,
      metricId: `MPO${A}`,
      sourceType: 'flow',
      flowId: 'FlowA',
      messageId: 'ActA',
      sendId: 'SendA2',
    },
  })
  await db.flowMessage.create({
    data: { id: 'FmA', flowId: 'FlowA', actionId: 'ActA', companyId: A, channel: 'email', definition: '{}' },
  })
  await db.eventAttribution.create({
    data: {
      ...base,
      profileId: 'PattB',
      eventId: ids.theirs!,
      companyId: B,
      metricId: `MPO${B}`,
      sourceType: 'campaign',
      campaignId: 'CmpB',
      messageId: 'CmsgB',
      sendId: 'SendB1',
    },
  })
})
afterAll(() => server.close())
beforeEach(() => resetRateLimits())

test('the list names what earned each conversion; unattributed events have an empty relationship', async () => {
  const r = await api('GET', '/api/events?include=attributions&sort=datetime', { key: keyA })
  expect(r.status).toBe(200)
  const byId = Object.fromEntries(r.json.data.map((e: { id: string }) => [e.id, e]))
  expect(byId[String(ids.campaign)].relationships.attributions.data).toEqual([
    { type: 'attribution', id: `${ids.campaign}-SendA1` },
  ])
  expect(byId[String(ids.none)].relationships.attributions.data).toEqual([])
  const included = Object.fromEntries(r.json.included.map((i: { id: string }) => [i.id, i]))
  expect(Object.keys(included).sort()).toEqual([`${ids.campaign}-SendA1`, `${ids.flow}-SendA2`].sort())
  expect(included[`${ids.campaign}-SendA1`]).toMatchObject({
    type: 'attribution',
    relationships: {
      event: { data: { type: 'event', id: String(ids.campaign) } },
      campaign: { data: { type: 'campaign', id: 'CmpA' } },
      'campaign-message': { data: { type: 'campaign-message', id: 'CmsgA' } },
    },
  })
  expect(included[`${ids.flow}-SendA2`].relationships).toMatchObject({
    flow: { data: { type: 'flow', id: 'FlowA' } },
    'flow-message': { data: { type: 'flow-message', id: 'FmA' } },
  })
  // without the include, no relationship and no included
  const plain = await api('GET', '/api/events', { key: keyA })
  expect(plain.json.included).toBeUndefined()
  expect(plain.json.data[0].relationships.attributions).toBeUndefined()
})

test('one event with include=attributions,metric; another account sees neither the event nor its attribution', async () => {
  const r = await api('GET', `/api/events/${ids.flow}?include=attributions,metric`, { key: keyA })
  expect(r.status).toBe(200)
  expect(r.json.data.relationships.attributions.data).toEqual([{ type: 'attribution', id: `${ids.flow}-SendA2` }])
  expect(r.json.included.map((i: { type: string }) => i.type).sort()).toEqual(['attribution', 'metric'])
  expect((await api('GET', `/api/events/${ids.flow}?include=attributions`, { key: keyB })).status).toBe(404)
  const theirs = await api('GET', '/api/events?include=attributions', { key: keyB })
  expect(theirs.json.included.map((i: { id: string }) => i.id)).toEqual([`${ids.theirs}-SendB1`])
  expect((await api('GET', '/api/events?include=nonsense', { key: keyA })).status).toBe(400)
})

test('the official SDK reads the attributions', async () => {
  const events = new EventsApi(new ApiKeySession(keyA))
  events.basePath = server.url
  const res = await events.getEvent(String(ids.campaign), { include: ['attributions'] } as never)
  expect(res.response.status).toBe(200)
  const included = (res.body as unknown as { included: Array<{ type: string; id: string }> }).included
  expect(included).toEqual([expect.objectContaining({ type: 'attribution', id: `${ids.campaign}-SendA1` })])
})
