/** @jest-environment node */
// Issue 21 §4: the /ajax/developer-tools calls. Log search (filters, paging, one company never
// seeing another's rows), one request's detail, the dashboard's counts, revision monitoring,
// the sample data generator (events land through ingest, counts exact, limits 400, managers
// only) and client diagnostics (installs, recent onsite events, the test event).
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)

import { db } from '@/lib/db/client'
import { ajaxRequest, makeCompany, makeUser, params, signIn } from '../helpers/factory'
import { makeApiKey } from '../helpers/route-server'
import * as logs from '@/app/ajax/developer-tools/logs/route'
import * as log from '@/app/ajax/developer-tools/logs/[id]/route'
import * as dashboard from '@/app/ajax/developer-tools/dashboard/route'
import * as revisions from '@/app/ajax/developer-tools/revisions/route'
import * as metrics from '@/app/ajax/developer-tools/metrics/route'
import * as sample from '@/app/ajax/developer-tools/sample-data/route'
import * as diagnostics from '@/app/ajax/developer-tools/client-diagnostics/route'
import * as testEvent from '@/app/ajax/developer-tools/client-diagnostics/test-event/route'
import { recordPing } from '@/lib/onsite/record-ping'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers
async function json(res: Response): Promise<{ status: number; body: any }> {
  return { status: res.status, body: await res.json() }
}

async function account(role = 'owner') {
  const c = await makeCompany()
  const u = await makeUser({ companyId: c.id, role })
  await makeApiKey(c.id)
  const keyId = (await db.apiKey.findFirstOrThrow({ where: { companyId: c.id } })).id
  return { companyId: c.id, keyId, userId: u.id, cookie: await signIn(u.id, c.id), email: u.email }
}

async function member(companyId: number, role: string) {
  const u = await makeUser({ companyId, role })
  return signIn(u.id, companyId)
}

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000)

let a: Awaited<ReturnType<typeof account>>
let b: Awaited<ReturnType<typeof account>>

beforeAll(async () => {
  a = await account()
  b = await account()
  const row = (companyId: number, apiKeyId: number, i: number, over: Record<string, unknown> = {}) => ({
    companyId,
    apiKeyId,
    method: 'GET',
    path: `/api/profiles/${i}`,
    status: 200,
    latencyMs: 5,
    revision: '2026-07-15',
    createdAt: minutesAgo(i),
    ...over,
  })
  await db.apiRequestLog.createMany({
    data: [
      ...Array.from({ length: 30 }, (_, i) => row(a.companyId, a.keyId, i + 1)),
      row(a.companyId, a.keyId, 40, {
        method: 'POST',
        path: '/api/events',
        status: 400,
        errorBody: '{"errors":[{"detail":"<b>bad</b>"}]}',
      }),
      row(a.companyId, a.keyId, 41, { path: '/api/metrics', status: 429, revision: '2023-02-22' }),
      row(a.companyId, a.keyId, 60 * 24 * 3, { path: '/api/lists', status: 500, revision: null }),
      row(b.companyId, b.keyId, 1, { path: '/api/events', status: 400 }),
    ],
  })
})

const get = (path: string, cookie: string) => ajaxRequest(path, { cookie })

describe('GET /ajax/developer-tools/logs', () => {
  test('newest first, in pages, with the caller named', async () => {
    const p1 = await json(await logs.GET(get('/ajax/developer-tools/logs?pageSize=10', a.cookie)))
    expect(p1.status).toBe(200)
    expect(p1.body.total).toBe(33)
    expect(p1.body.rows).toHaveLength(10)
    expect(p1.body.rows[0].path).toBe('/api/profiles/1')
    expect(p1.body.rows[0].caller).toMatchObject({ kind: 'key', id: `key:${a.keyId}` })
    const p4 = await json(await logs.GET(get('/ajax/developer-tools/logs?pageSize=10&page=4', a.cookie)))
    expect(p4.body.rows.map((r: { path: string }) => r.path)).toEqual(['/api/events', '/api/metrics', '/api/lists'])
  })

  test('filters: path, status code, status class, errors, caller, time range', async () => {
    const q = async (s: string) => (await json(await logs.GET(get(`/ajax/developer-tools/logs?${s}`, a.cookie)))).body
    expect((await q('path=/api/events')).total).toBe(1)
    expect((await q('status=429')).rows[0].path).toBe('/api/metrics')
    expect((await q('status=4xx')).total).toBe(2)
    expect((await q('status=errors')).total).toBe(3)
    expect((await q(`caller=key:${a.keyId}`)).total).toBe(33)
    expect((await q('caller=key:999999')).total).toBe(0)
    expect((await q(`from=${encodeURIComponent(minutesAgo(35).toISOString())}`)).total).toBe(30)
    expect(
      (
        await q(
          `from=${encodeURIComponent(minutesAgo(45).toISOString())}&to=${encodeURIComponent(minutesAgo(38).toISOString())}`,
        )
      ).total,
    ).toBe(2)
  })

  test('bad filters are 400 with field errors', async () => {
    const bad = await json(
      await logs.GET(get('/ajax/developer-tools/logs?status=99&from=yesterday&pageSize=1000', a.cookie)),
    )
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body.fieldErrors).sort()).toEqual(expect.arrayContaining(['status', 'from']))
    const reversed = await json(
      await logs.GET(
        get(
          `/ajax/developer-tools/logs?from=${minutesAgo(1).toISOString()}&to=${minutesAgo(10).toISOString()}`,
          a.cookie,
        ),
      ),
    )
    expect(reversed.status).toBe(400)
  })

  test("one company never sees another company's rows", async () => {
    const other = await json(await logs.GET(get('/ajax/developer-tools/logs', b.cookie)))
    expect(other.body.total).toBe(1)
    const aRow = await db.apiRequestLog.findFirstOrThrow({ where: { companyId: a.companyId, status: 400 } })
    expect(
      (await log.GET(get(`/ajax/developer-tools/logs/${aRow.id}`, b.cookie), params({ id: String(aRow.id) }))).status,
    ).toBe(404)
  })

  test('one request with its error body pretty-printed', async () => {
    const aRow = await db.apiRequestLog.findFirstOrThrow({ where: { companyId: a.companyId, status: 400 } })
    const one = await json(
      await log.GET(get(`/ajax/developer-tools/logs/${aRow.id}`, a.cookie), params({ id: String(aRow.id) })),
    )
    expect(one.status).toBe(200)
    expect(one.body.log).toMatchObject({ method: 'POST', path: '/api/events', status: 400 })
    expect(one.body.log.errorBody).toBe(JSON.stringify({ errors: [{ detail: '<b>bad</b>' }] }, null, 2))
  })

  test('signed out is 401; a role without applications_read is 403; an analyst reads', async () => {
    expect((await logs.GET(ajaxRequest('/ajax/developer-tools/logs'))).status).toBe(401)
    expect((await logs.GET(get('/ajax/developer-tools/logs', await member(a.companyId, 'support')))).status).toBe(403)
    expect((await logs.GET(get('/ajax/developer-tools/logs', await member(a.companyId, 'analyst')))).status).toBe(200)
  })
})

test('dashboard: calls per day by key, error rate, top endpoints, recent errors', async () => {
  const d = (await json(await dashboard.GET(get('/ajax/developer-tools/dashboard', a.cookie)))).body
  expect(d.days).toHaveLength(7)
  expect(d.total).toBe(33)
  expect(d.errors).toBe(3)
  expect(d.errorRate).toBeCloseTo(3 / 33)
  expect(d.callers).toHaveLength(1)
  expect(d.callers[0].perDay.reduce((x: number, y: number) => x + y, 0)).toBe(33)
  expect(d.topEndpoints[0]).toMatchObject({ method: 'GET', path: '/api/profiles/{id}', calls: 30, errors: 0 })
  expect(d.recentErrors.map((r: { status: number }) => r.status)).toEqual([400, 429, 500])
  const other = (await json(await dashboard.GET(get('/ajax/developer-tools/dashboard', b.cookie)))).body
  expect(other.total).toBe(1)
})

test('revision monitoring flags old revisions per key', async () => {
  const r = (await json(await revisions.GET(get('/ajax/developer-tools/revisions', a.cookie)))).body
  const byRevision = Object.fromEntries(
    r.rows.map((x: { revision: string | null; age: string; calls: number }) => [x.revision ?? 'none', x]),
  )
  expect(byRevision['2026-07-15']).toMatchObject({ age: 'current', calls: 31 })
  expect(byRevision['2023-02-22']).toMatchObject({ age: 'retired', calls: 1 })
  expect(byRevision.none).toMatchObject({ age: 'missing' })
})

describe('sample data generator', () => {
  const body = { metricName: 'Placed Order', profiles: 4, eventsPerProfile: 5, days: 30, confirmed: true }
  const post = (cookie: string, b: unknown) =>
    sample.POST(ajaxRequest('/ajax/developer-tools/sample-data', { method: 'POST', cookie, body: b }))

  test('events land through ingest, marked $sample, counts exact, within the last D days', async () => {
    const c = await account()
    const res = await json(await post(c.cookie, body))
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ metricName: 'Placed Order', profiles: 4, events: 20 })
    const metric = await db.metric.findFirstOrThrow({ where: { companyId: c.companyId, name: 'Placed Order' } })
    const events = await db.event.findMany({ where: { companyId: c.companyId, metricId: metric.id } })
    expect(events).toHaveLength(20)
    expect(new Set(events.map((e) => e.profileId)).size).toBe(4)
    const since = Date.now() / 1000 - 30 * 86400 - 5
    for (const e of events) {
      expect(JSON.parse(e.properties).$sample).toBe(true)
      expect(e.ts).toBeGreaterThanOrEqual(since)
      expect(e.value).toBeGreaterThan(0)
    }
    // A second run adds as many again (no event taken for a repeat of another).
    await post(c.cookie, body)
    expect(await db.event.count({ where: { companyId: c.companyId, metricId: metric.id } })).toBe(40)
    const listed = (await json(await metrics.GET(get('/ajax/developer-tools/metrics', c.cookie)))).body.metrics
    expect(listed[0]).toMatchObject({ name: 'Placed Order', eventCount: 40 })
    expect(listed[0].latest).toHaveLength(3)
    expect(listed[0].href).toMatch(/^\/metric\//)
  })

  test('limits and a missing confirmation are 400 with field errors; nothing written', async () => {
    const c = await account()
    const over = await json(await post(c.cookie, { ...body, profiles: 101 }))
    expect(over.status).toBe(400)
    expect(Object.keys(over.body.fieldErrors)).toContain('profiles')
    const tooMany = await json(await post(c.cookie, { ...body, profiles: 100, eventsPerProfile: 50 }))
    expect(tooMany.status).toBe(400)
    expect(Object.keys(tooMany.body.fieldErrors)).toContain('eventsPerProfile')
    const days = await json(await post(c.cookie, { ...body, days: 91 }))
    expect(days.status).toBe(400)
    const unconfirmed = await json(await post(c.cookie, { ...body, confirmed: false }))
    expect(unconfirmed.status).toBe(400)
    expect(Object.keys(unconfirmed.body.fieldErrors)).toContain('confirmed')
    expect(await db.event.count({ where: { companyId: c.companyId } })).toBe(0)
  })

  test('an analyst cannot generate; a manager can', async () => {
    const c = await account()
    expect((await post(await member(c.companyId, 'analyst'), body)).status).toBe(403)
    expect(
      (await post(await member(c.companyId, 'manager'), { ...body, profiles: 1, eventsPerProfile: 1 })).status,
    ).toBe(201)
  })
})

test('client diagnostics: install pings, recent onsite events with their source, the test event', async () => {
  const c = await account()
  const empty = (await json(await diagnostics.GET(get('/ajax/developer-tools/client-diagnostics', c.cookie)))).body
  expect(empty).toEqual({ installed: false, installs: [], events: [] })
  await recordPing(c.companyId, 'https://shop.example.com')
  const sent = await json(
    await testEvent.POST(
      ajaxRequest('/ajax/developer-tools/client-diagnostics/test-event', { method: 'POST', cookie: c.cookie }),
    ),
  )
  expect(sent.status).toBe(201)
  expect(sent.body.eventId).toEqual(expect.any(Number))
  const d = (await json(await diagnostics.GET(get('/ajax/developer-tools/client-diagnostics', c.cookie)))).body
  expect(d.installed).toBe(true)
  expect(d.installs).toEqual([expect.objectContaining({ origin: 'https://shop.example.com', pings: 1, stale: false })])
  expect(d.events).toEqual([expect.objectContaining({ metric: 'Active on Site', email: c.email, source: 'test' })])
  // Another company sees neither.
  const other = (await json(await diagnostics.GET(get('/ajax/developer-tools/client-diagnostics', b.cookie)))).body
  expect(other.installs).toEqual([])
  expect(
    (
      await testEvent.POST(
        ajaxRequest('/ajax/developer-tools/client-diagnostics/test-event', {
          method: 'POST',
          cookie: await member(c.companyId, 'analyst'),
        }),
      )
    ).status,
  ).toBe(403)
})
