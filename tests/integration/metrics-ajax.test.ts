/** @jest-environment node */
// The /ajax metric calls of seed 002 §7.9 through the real route handlers: valid input, bad
// input (400), another company's rows (404), and permissions.
import { useTestDatabase } from '@/tests/helpers/test-db'
useTestDatabase()
jest.setTimeout(30_000)
import { GET as listMetrics } from '@/app/ajax/data/metrics/route'
import { GET as getMetric, DELETE as deleteMetric } from '@/app/ajax/data/metric/[id]/route'
import { GET as getDimensions } from '@/app/ajax/data/metric/[id]/dimensions/route'
import { GET as getChart } from '@/app/ajax/data/metric/[id]/chart/route'
import { GET as getEvents } from '@/app/ajax/data/metric/[id]/events/route'
import { GET as getEvent } from '@/app/ajax/data/event/[id]/route'
import { GET as getProfileProperties } from '@/app/ajax/people/properties/route'
import { db } from '@/lib/db/client'
import { ingestEvents } from '@/lib/events/ingest-events'
import { ajaxRequest, makeUser, params, signIn } from '@/tests/helpers/factory'
import { makeMetricsFixture } from './metrics-fixture'

let a: Awaited<ReturnType<typeof makeMetricsFixture>>
let b: Awaited<ReturnType<typeof makeMetricsFixture>>
let cookieA: string, cookieB: string, cookieAnalyst: string, cookieCreator: string

beforeAll(async () => {
  a = await makeMetricsFixture()
  b = await makeMetricsFixture('Placed Order B')
  cookieA = await signIn((await makeUser({ companyId: a.company.id, role: 'owner' })).id, a.company.id)
  cookieB = await signIn((await makeUser({ companyId: b.company.id, role: 'owner' })).id, b.company.id)
  cookieAnalyst = await signIn((await makeUser({ companyId: a.company.id, role: 'analyst' })).id, a.company.id)
  cookieCreator = await signIn((await makeUser({ companyId: a.company.id, role: 'content_creator' })).id, a.company.id)
})

const get = async (
  handler: (r: Request, c?: { params?: Promise<Record<string, string>> }) => Promise<Response>,
  url: string,
  cookie: string,
  p?: Record<string, string>,
) => {
  const res = await handler(ajaxRequest(url, { cookie }), p ? params(p) : undefined)
  return { status: res.status, body: await res.json() }
}
const CUSTOM = 'timeframe=custom&start=2024-03-08&end=2024-03-12'

describe('GET /ajax/data/metrics', () => {
  test("lists the company's metrics with event counts and last event times; search", async () => {
    const { status, body } = await get(listMetrics, '/ajax/data/metrics', cookieA)
    expect(status).toBe(200)
    expect(body.metrics.map((m: { name: string }) => m.name)).toEqual(['Placed Order', 'Viewed Product'])
    expect(body.metrics[0]).toMatchObject({
      id: a.metricId,
      eventCount: 7,
      lastEventAt: '2024-03-11T12:00:00.000Z',
      integration: 'api',
    })
    const search = await get(listMetrics, '/ajax/data/metrics?search=view', cookieA)
    expect(search.body.metrics.map((m: { name: string }) => m.name)).toEqual(['Viewed Product'])
  })
  test('bad input, no session, no permission', async () => {
    expect((await get(listMetrics, `/ajax/data/metrics?search=${'x'.repeat(201)}`, cookieA)).status).toBe(400)
    expect((await listMetrics(ajaxRequest('/ajax/data/metrics'))).status).toBe(401)
    expect((await get(listMetrics, '/ajax/data/metrics', cookieCreator)).status).toBe(403)
  })
  test('B sees only its own metrics', async () => {
    const { body } = await get(listMetrics, '/ajax/data/metrics', cookieB)
    expect(body.metrics.map((m: { id: string }) => m.id)).not.toContain(a.metricId)
  })
})

describe('GET /ajax/data/metric/{id} and dimensions', () => {
  test('one metric with first and last event', async () => {
    const { status, body } = await get(getMetric, `/ajax/data/metric/${a.metricId}`, cookieA, { id: a.metricId })
    expect(status).toBe(200)
    expect(body.metric).toMatchObject({
      id: a.metricId,
      name: 'Placed Order',
      eventCount: 7,
      firstEventAt: '2024-03-09T04:30:00.000Z',
    })
  })
  test('dimensions come back as [value, label, type] triples', async () => {
    const { status, body } = await get(getDimensions, `/ajax/data/metric/${a.metricId}/dimensions`, cookieA, {
      id: a.metricId,
    })
    expect(status).toBe(200)
    expect(body.dimensions[0]).toEqual(['$value', '$value', 'number'])
    expect(body.dimensions).toEqual(
      expect.arrayContaining([
        ['Category', 'Category', 'string'],
        ['ItemCount', 'ItemCount', 'number'],
        ['Tags', 'Tags', 'list'],
        ['Brand', 'Brand', 'string'],
      ]),
    )
    expect(body.dimensions).toHaveLength(5)
  })
  test.each([getMetric, getDimensions])("400 for a malformed id, 404 for B's metric (%#)", async (handler) => {
    expect((await get(handler, '/ajax/data/metric/x', cookieA, { id: 'bad id!' })).status).toBe(400)
    expect((await get(handler, '/ajax/data/metric/x', cookieA, { id: b.metricId })).status).toBe(404)
  })
})

describe('GET /ajax/data/metric/{id}/chart', () => {
  const chart = (qs: string, cookie = cookieA, id = a.metricId) =>
    get(getChart, `/ajax/data/metric/${id}/chart?${qs}`, cookie, { id })

  test("counts per local day in the company's zone, with the empty day as 0", async () => {
    const { status, body } = await chart(`${CUSTOM}&granularity=daily&measurement=c`)
    expect(status).toBe(200)
    expect(body).toMatchObject({
      timeZone: 'America/New_York',
      measurement: 'count',
      total: 7,
      start: '2024-03-08T00:00:00-05:00',
      end: '2024-03-13T00:00:00-04:00',
    })
    expect(body.dates).toHaveLength(5)
    expect(body.series).toEqual([{ dimension: null, isOther: false, values: [1, 2, 2, 2, 0], total: 7 }])
  })
  test('uniques total distinct profiles over the range; values sum event values', async () => {
    const q = (await chart(`${CUSTOM}&measurement=q`)).body
    expect(q.series[0].values).toEqual([1, 2, 2, 1, 0])
    expect(q.total).toBe(3)
    const v = (await chart(`${CUSTOM}&measurement=v&granularity=weekly`)).body
    expect(v.series[0].values).toEqual([22.5, 24.25])
    expect(v.total).toBe(46.75)
    const all = (await chart(`${CUSTOM}&granularity=alltime`)).body
    expect(all.series[0].values).toEqual([7])
  })
  test('by a property: top groups kept, the rest folded (exactly, for uniques)', async () => {
    const c = (await chart(`${CUSTOM}&by=Category&limit=2`)).body
    expect(
      c.series.map((s: { dimension: string | null; isOther: boolean; total: number }) => [
        s.dimension,
        s.isOther,
        s.total,
      ]),
    ).toEqual([
      ['Shoes', false, 3],
      ['Bags', false, 1],
      [null, true, 3],
    ])
    const q = (await chart(`${CUSTOM}&by=Category&limit=2&measurement=unique`)).body
    expect(q.series[2]).toEqual({ dimension: null, isOther: true, values: [0, 1, 1, 1, 0], total: 2 })
    const asc = (await chart(`${CUSTOM}&by=Category&sort=asc`)).body
    expect(asc.series[asc.series.length - 1].dimension).toBe('Shoes')
  })
  test('a where filter (JSON) and the alltime range', async () => {
    const where = encodeURIComponent(JSON.stringify([{ field: 'Category', op: 'equal', value: 'Shoes' }]))
    expect((await chart(`${CUSTOM}&where=${where}`)).body.total).toBe(3)
    const all = (await chart('timeframe=alltime&granularity=monthly')).body
    expect(all.total).toBe(7)
    expect(all.dates[0]).toBe('2024-03-01T00:00:00-05:00')
  })
  test.each([
    'timeframe=bogus',
    'granularity=minutely',
    'measurement=x',
    'timeframe=custom&start=2024-03-08',
    'timeframe=custom&start=2024-03-09&end=2024-03-01',
    'where=not-json',
    `where=${encodeURIComponent('[{"field":"a","op":"between"}]')}`,
    'limit=0',
    'by=bad%00name',
    'sort=up',
  ])('400 for %s', async (qs) => {
    const { status, body } = await chart(qs)
    expect(status).toBe(400)
    expect(Object.keys(body.fieldErrors ?? {}).length).toBeGreaterThan(0)
  })
  test("404 for B's metric", async () => {
    expect((await chart(CUSTOM, cookieA, b.metricId)).status).toBe(404)
  })
})

describe('GET /ajax/data/metric/{id}/events (one beyond the page)', () => {
  const feed = (qs: string, id = a.metricId) => get(getEvents, `/ajax/data/metric/${id}/events?${qs}`, cookieA, { id })

  test('newest first with profile and raw properties; hasNext from one extra event', async () => {
    const p1 = (await feed('page=1&page_size=3')).body
    expect(p1.events.map((e: { time: string }) => e.time)).toEqual([
      '2024-03-11T12:00:00.000Z',
      '2024-03-11T04:00:00.000Z',
      '2024-03-11T03:59:59.000Z',
    ])
    expect(p1.hasNext).toBe(true)
    expect(p1.events[1]).toMatchObject({
      value: 1.25,
      profile: { email: 'p1@ex.test', id: a.profiles.p1 },
      properties: { Category: 'Shoes', ItemCount: 4 },
    })
    const p3 = (await feed('page=3&page_size=3')).body
    expect([p3.events.length, p3.hasNext]).toEqual([1, false])
    expect((await feed('page=1&page_size=7')).body.hasNext).toBe(false)
    expect((await feed('page=1&page_size=6')).body.hasNext).toBe(true)
    expect((await feed('page=9&page_size=6')).body).toMatchObject({ events: [], hasNext: false })
  })
  test("400 for bad paging, 404 for B's metric", async () => {
    for (const qs of ['page=0', 'page_size=101', 'page=abc', 'page=5000&page_size=100'])
      expect((await feed(qs)).status).toBe(400)
    expect((await feed('page=1', b.metricId)).status).toBe(404)
  })
})

describe('GET /ajax/data/event/{id}', () => {
  test("an event by id with its metric; B's event is 404; a bad id 400", async () => {
    const { status, body } = await get(getEvent, '/ajax/data/event/x', cookieA, { id: String(a.eventIds[3]) })
    expect(status).toBe(200)
    expect(body.event).toMatchObject({
      id: a.eventIds[3],
      value: 20,
      metric: { id: a.metricId, name: 'Placed Order' },
      properties: { Brand: 'Acme' },
    })
    expect((await get(getEvent, '/ajax/data/event/x', cookieA, { id: String(b.eventIds[0]) })).status).toBe(404)
    expect((await get(getEvent, '/ajax/data/event/x', cookieA, { id: 'abc' })).status).toBe(400)
    // Beyond any Int id: not found (PostgreSQL's integer column would refuse the bound value).
    expect((await get(getEvent, '/ajax/data/event/x', cookieA, { id: '99999999999' })).status).toBe(404)
    expect((await get(getEvent, '/ajax/data/event/x', cookieCreator, { id: String(a.eventIds[0]) })).status).toBe(403)
  })
})

describe('GET /ajax/people/properties', () => {
  test("built-in fields and the custom keys of this company's profiles, with types", async () => {
    await db.profile.update({
      where: { id: a.profiles.p1 },
      data: { properties: JSON.stringify({ 'Favorite Color': 'blue', Points: 12, Birthday: '1990-05-01' }) },
    })
    await db.profile.update({
      where: { id: b.profiles.p1 },
      data: { properties: JSON.stringify({ 'B Secret': true }) },
    })
    const { status, body } = await get(getProfileProperties, '/ajax/people/properties', cookieA)
    expect(status).toBe(200)
    expect(body.properties).toEqual(
      expect.arrayContaining([
        { name: 'email', type: 'string', builtIn: true },
        { name: 'Favorite Color', type: 'string', builtIn: false },
        { name: 'Points', type: 'number', builtIn: false },
        { name: 'Birthday', type: 'date', builtIn: false },
      ]),
    )
    expect(JSON.stringify(body)).not.toContain('B Secret')
    expect((await getProfileProperties(ajaxRequest('/ajax/people/properties'))).status).toBe(401)
    expect((await get(getProfileProperties, '/ajax/people/properties', cookieCreator)).status).toBe(403)
  })
})

describe('DELETE /ajax/data/metric/{id}', () => {
  const del = (id: string, cookie: string) =>
    deleteMetric(ajaxRequest(`/ajax/data/metric/${id}`, { method: 'DELETE', cookie }), params({ id }))

  test("B cannot delete A's metric; an analyst may not; the owner deletes it with its events", async () => {
    expect((await del(a.metricId, cookieB)).status).toBe(404)
    expect((await del(a.metricId, cookieAnalyst)).status).toBe(403)
    expect((await del('bad id!', cookieA)).status).toBe(400)
    expect(await db.event.count({ where: { metricId: a.metricId } })).toBe(7)
    const res = await del(a.metricId, cookieA)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ deletedEvents: 7 })
    expect(await db.metric.count({ where: { id: a.metricId } })).toBe(0)
    expect(await db.event.count({ where: { metricId: a.metricId } })).toBe(0)
    expect((await get(getMetric, '/x', cookieA, { id: a.metricId })).status).toBe(404)
    // B's events are untouched, and a new event of the same name makes a new metric.
    expect(await db.event.count({ where: { metricId: b.metricId } })).toBe(7)
    const [again] = await ingestEvents(a.company.id, [
      { metric: { name: 'Placed Order' }, profile: { email: 'p1@ex.test' } },
    ])
    expect(again!.metricId).not.toBe(a.metricId)
  })
})

describe('names that are also built-in object properties', () => {
  test.each([
    'measurement=toString',
    'measurement=__proto__',
    'by=constructor',
    `where=${encodeURIComponent(JSON.stringify([{ field: 'constructor', op: 'equal', value: 1 }]))}`,
    `where=${encodeURIComponent(JSON.stringify([{ field: 'Category', op: 'toString', value: 1 }]))}`,
  ])('chart with %s answers 400 or a plain result, never 500', async (q) => {
    const { status } = await get(getChart, `/ajax/data/metric/${b.metricId}/chart?${CUSTOM}&${q}`, cookieB, {
      id: b.metricId,
    })
    expect([200, 400]).toContain(status)
  })
})
