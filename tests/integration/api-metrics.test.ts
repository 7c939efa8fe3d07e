/** @jest-environment node */
// GET /api/metrics, /api/metrics/{id} and POST /api/metric-aggregates through real handlers.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(30_000)

import { db } from '@/lib/db/client'
import { runJobsUntilIdle } from '@/lib/jobs/queue'
import { makeCompany } from '../helpers/factory'
import { api, makeApiKey } from '../helpers/route-server'
import { resetRateLimits } from '@/lib/api/rate-limit'

let key: string
let otherKey: string
let companyId: number
let orderId: string

const send = (
  k: string,
  metric: string,
  email: string,
  time: string,
  value?: number,
  properties: Record<string, unknown> = {},
) =>
  api('POST', '/api/events', {
    key: k,
    body: {
      data: {
        type: 'event',
        attributes: {
          properties,
          time,
          ...(value !== undefined ? { value } : {}),
          metric: { data: { type: 'metric', attributes: { name: metric } } },
          profile: { data: { type: 'profile', attributes: { email } } },
        },
      },
    },
  })

const aggregate = (k: string, attributes: Record<string, unknown>) =>
  api('POST', '/api/metric-aggregates', { key: k, body: { data: { type: 'metric-aggregate', attributes } } })

beforeAll(async () => {
  companyId = (await makeCompany()).id
  key = await makeApiKey(companyId)
  otherKey = await makeApiKey((await makeCompany()).id)
  await send(key, 'Placed Order', 'a@example.com', '2026-01-01T10:00:00Z', 10, { Brand: 'Acme' })
  await send(key, 'Placed Order', 'a@example.com', '2026-01-01T23:30:00Z', 5, { Brand: 'Other' })
  await send(key, 'Placed Order', 'b@example.com', '2026-01-02T09:00:00Z', 20, { Brand: 'Acme' })
  await send(key, 'Viewed Product', 'b@example.com', '2026-01-02T09:00:00Z')
  await runJobsUntilIdle()
  orderId = (await db.metric.findFirst({ where: { companyId, name: 'Placed Order' } }))!.id
})
beforeEach(() => resetRateLimits())

test('GET /api/metrics lists the account metrics with their integration', async () => {
  const r = await api('GET', '/api/metrics', { key })
  expect(r.status).toBe(200)
  expect(r.json.data.map((m: { attributes: { name: string } }) => m.attributes.name).sort()).toEqual([
    'Placed Order',
    'Viewed Product',
  ])
  const m = r.json.data.find((x: { id: string }) => x.id === orderId)
  expect(m).toMatchObject({
    type: 'metric',
    attributes: {
      name: 'Placed Order',
      created: expect.any(String),
      updated: expect.any(String),
      integration: { name: 'API', category: 'API' },
    },
  })
  expect(m.links.self).toBe(`http://localhost:3000/api/metrics/${orderId}/`)
  expect(r.json.links.next).toBeNull()
  const filtered = await api('GET', `/api/metrics?filter=${encodeURIComponent('equals(integration.name,"API")')}`, {
    key,
  })
  expect(filtered.json.data).toHaveLength(2)
  expect(
    (await api('GET', `/api/metrics?filter=${encodeURIComponent('equals(integration.name,"Shopify")')}`, { key })).json
      .data,
  ).toHaveLength(0)
  expect((await api('GET', '/api/metrics?filter=equals(name,"x")', { key })).status).toBe(400)
})

test('GET /api/metrics/{id}; another account gets 404', async () => {
  const r = await api('GET', `/api/metrics/${orderId}?fields[metric]=name`, { key })
  expect(r.json.data.attributes).toEqual({ name: 'Placed Order' })
  expect((await api('GET', `/api/metrics/${orderId}`, { key: otherKey })).status).toBe(404)
  expect((await api('GET', '/api/metrics', { key: otherKey })).json.data).toEqual([])
})

test('metric aggregates: count, sum_value and unique per day in UTC', async () => {
  const r = await aggregate(key, {
    metric_id: orderId,
    measurements: ['count', 'sum_value', 'unique'],
    interval: 'day',
    filter: ['greater-or-equal(datetime,2026-01-01T00:00:00)', 'less-than(datetime,2026-01-03T00:00:00)'],
  })
  expect(r.status).toBe(200)
  expect(r.json.data.type).toBe('metric-aggregate')
  expect(r.json.data.attributes.dates).toEqual(['2026-01-01T00:00:00+00:00', '2026-01-02T00:00:00+00:00'])
  expect(r.json.data.attributes.data).toEqual([
    { dimensions: [], measurements: { count: [2, 1], sum_value: [15, 20], unique: [1, 1] } },
  ])
})

test('metric aggregates: one filter string with both bounds, a time zone, and by a dimension', async () => {
  const r = await aggregate(key, {
    metric_id: orderId,
    measurements: ['count'],
    interval: 'day',
    timezone: 'America/New_York',
    by: ['Brand'],
    filter: ['greater-or-equal(datetime,2026-01-01T00:00:00-05:00),less-than(datetime,2026-01-03T00:00:00-05:00)'],
  })
  expect(r.status).toBe(200)
  expect(r.json.data.attributes.dates).toEqual(['2026-01-01T00:00:00-05:00', '2026-01-02T00:00:00-05:00'])
  const byBrand = Object.fromEntries(
    r.json.data.attributes.data.map((d: { dimensions: string[]; measurements: { count: number[] } }) => [
      d.dimensions[0],
      d.measurements.count,
    ]),
  )
  // 23:30 UTC on Jan 1 is 18:30 in New York (still Jan 1).
  expect(byBrand).toEqual({ Acme: [1, 1], Other: [1, 0] })
})

test('metric aggregates: an equals filter on a property narrows the events', async () => {
  const r = await aggregate(key, {
    metric_id: orderId,
    measurements: ['count'],
    interval: 'month',
    filter: [
      'greater-or-equal(datetime,2026-01-01T00:00:00)',
      'less-than(datetime,2026-02-01T00:00:00)',
      'equals(Brand,"Acme")',
    ],
  })
  expect(r.json.data.attributes.data[0].measurements.count).toEqual([2])
})

test('metric aggregates: bad input → 400 with pointers; another account metric → 404', async () => {
  const base = {
    metric_id: orderId,
    measurements: ['count'],
    filter: ['greater-or-equal(datetime,2026-01-01T00:00:00)', 'less-than(datetime,2026-01-02T00:00:00)'],
  }
  const badMeasure = await aggregate(key, { ...base, measurements: ['median'] })
  expect(badMeasure.status).toBe(400)
  expect(badMeasure.json.errors[0].source.pointer).toBe('/data/attributes/measurements/0')
  await resetRateLimits()
  const noRange = await aggregate(key, { ...base, filter: ['greater-or-equal(datetime,2026-01-01T00:00:00)'] })
  expect(noRange.json.errors[0].source.pointer).toBe('/data/attributes/filter')
  const badSyntax = await aggregate(key, {
    ...base,
    filter: ['greater-or-equal(datetime,2026-01-01T00:00:00', 'less-than(datetime,2026-01-02T00:00:00)'],
  })
  expect(badSyntax.json.errors[0].source.pointer).toBe('/data/attributes/filter/0')
  await resetRateLimits()
  const badZone = await aggregate(key, { ...base, timezone: 'Mars/Olympus' })
  expect(badZone.status).toBe(400)
  expect(badZone.json.errors[0].source.pointer).toBe('/data/attributes/timezone')
  expect((await aggregate(otherKey, base)).status).toBe(404)
})
