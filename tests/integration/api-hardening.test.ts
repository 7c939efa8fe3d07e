/** @jest-environment node */
// Found in review: include scopes, separate rate-limit buckets for anonymous /client traffic,
// and 400s (never 500s) for forged cursors, absurd dates and prototype-named filter fields.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()

import { db } from '@/lib/db/client'
import { resetRateLimits } from '@/lib/api/rate-limit'
import { encodeCursor } from '@/lib/api/cursor'
import { makeCompany } from '../helpers/factory'
import { api, makeApiKey } from '../helpers/route-server'

let company: Awaited<ReturnType<typeof makeCompany>>
let key: string

beforeAll(async () => {
  company = await makeCompany()
  key = await makeApiKey(company.id)
  const profile = await db.profile.create({
    data: { id: '01KAAAAAAAAAAAAAAAAAAAAAAA', companyId: company.id, email: 'secret@example.com' },
  })
  const metric = await db.metric.create({ data: { id: 'MtrcAA', companyId: company.id, name: 'Viewed Product' } })
  await db.event.create({
    data: { companyId: company.id, profileId: profile.id, metricId: metric.id, ts: 1_763_000_000 },
  })
})
beforeEach(() => resetRateLimits())

test('include=profile needs profiles:read as well as events:read', async () => {
  const eventsOnly = await makeApiKey(company.id, ['events:read'])
  const denied = await api('GET', '/api/events?include=profile', { key: eventsOnly })
  expect(denied.status).toBe(403)
  expect(JSON.stringify(denied.json)).not.toContain('secret@example.com')
  expect((await api('GET', '/api/events', { key: eventsOnly })).status).toBe(200)
  const both = await makeApiKey(company.id, ['events:read', 'profiles:read'])
  const ok = await api('GET', '/api/events?include=profile', { key: both })
  expect(ok.status).toBe(200)
  expect(JSON.stringify(ok.json)).toContain('secret@example.com')
})

test("anonymous /client traffic cannot use up the private API's rate limit", async () => {
  const body = {
    data: {
      type: 'event',
      attributes: {
        properties: {},
        metric: { data: { type: 'metric', attributes: { name: 'Active on Site' } } },
        profile: { data: { type: 'profile', attributes: { email: 'v@example.com' } } },
      },
    },
  }
  let throttled = false
  // The clock stands still, so every request falls in one burst window however slow the machine.
  const frozen = jest.spyOn(Date, 'now').mockReturnValue(Date.now())
  try {
    for (let i = 0; i < 400 && !throttled; i++) {
      const r = await api('POST', `/client/events?company_id=${company.publicApiKey}`, {
        body,
        contentType: 'application/json',
      })
      throttled = r.status === 429
    }
  } finally {
    frozen.mockRestore()
  }
  expect(throttled).toBe(true)
  expect((await api('POST', '/api/events', { key, body })).status).toBe(202)
})

test.each([
  ['/api/profiles?sort=created&page[cursor]=' + encodeCursor(['garbage', 'x'])],
  ['/api/profiles?sort=email&page[cursor]=' + Buffer.from(JSON.stringify([{ a: 1 }, 'x'])).toString('base64url')],
  ['/api/profiles?page[cursor]=' + encodeCursor([null, 5])],
  ['/api/events?page[cursor]=' + encodeCursor(['x', 'y'])],
  ['/api/metrics?page[cursor]=' + encodeCursor([null, 7])],
  ['/api/events?filter=greater-than(timestamp,1e300)'],
  ['/api/lists?filter=greater-than(created,1e20)'],
  ['/api/profiles?filter=equals(constructor,"x")'],
  ['/api/lists?filter=equals(hasOwnProperty,"x")'],
])('%s answers 400, not 500', async (path) => {
  const r = await api('GET', path, { key })
  expect(r.status).toBe(400)
  expect(r.json.errors[0].status).toBe(400)
})

test('bodies nested deeper than 64 levels are refused with 400 (no stack overflow, nothing stored)', async () => {
  // Written as text: JSON.stringify itself overflows on 10,000 levels.
  const deep = '['.repeat(10_000) + '"x"' + ']'.repeat(10_000)
  const raw = `{"data":{"type":"profile","attributes":{"email":"deep@example.com","properties":{"junk":${deep}}}}}`
  const r = await api('POST', '/api/profiles', { key, raw })
  expect(r.status).toBe(400)
  const client = await api('POST', `/client/profiles?company_id=${company.publicApiKey}`, {
    raw,
    contentType: 'application/json',
  })
  expect(client.status).toBe(400)
  expect(await db.profile.count({ where: { companyId: company.id, email: 'deep@example.com' } })).toBe(0)
})

test.each([
  { by: ['constructor'] },
  {
    filter:
      'greater-or-equal(datetime,2025-01-01T00:00:00Z),less-than(datetime,2025-02-01T00:00:00Z),equals(__proto__,1)',
  },
  {
    filter: 'greater-or-equal(datetime,2025-01-01T00:00:00Z),less-than(datetime,2025-02-01T00:00:00Z),constructor(x,1)',
  },
])('metric-aggregates with %j answers 400 or 200, never 500', async (extra) => {
  const attributes = {
    metric_id: 'MtrcAA',
    measurements: ['count'],
    interval: 'day',
    filter: 'greater-or-equal(datetime,2025-01-01T00:00:00Z),less-than(datetime,2025-02-01T00:00:00Z)',
    ...extra,
  }
  const r = await api('POST', '/api/metric-aggregates', {
    key,
    body: { data: { type: 'metric-aggregate', attributes } },
  })
  expect([200, 400]).toContain(r.status)
})
