/** @jest-environment node */
// POST /api/events (202, processed by the job queue) and GET /api/events (filters, sort,
// include, cursor pages), GET /api/events/{id}; size rules and tenancy.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()

import { db } from '@/lib/db/client'
import { runJobsUntilIdle } from '@/lib/jobs/queue'
import { makeCompany } from '../helpers/factory'
import { api, makeApiKey } from '../helpers/route-server'
import { countQueuedJobs } from '../helpers/queued-jobs'
import { resetRateLimits } from '@/lib/api/rate-limit'

function eventBody(
  opts: {
    metric?: string
    email?: string
    properties?: Record<string, unknown>
    time?: string
    value?: number
    uniqueId?: string
    profile?: Record<string, unknown>
  } = {},
) {
  return {
    data: {
      type: 'event',
      attributes: {
        properties: opts.properties ?? { Item: 'Hat' },
        ...(opts.time ? { time: opts.time } : {}),
        ...(opts.value !== undefined ? { value: opts.value, value_currency: 'USD' } : {}),
        ...(opts.uniqueId ? { unique_id: opts.uniqueId } : {}),
        metric: { data: { type: 'metric', attributes: { name: opts.metric ?? 'Placed Order' } } },
        profile: {
          data: { type: 'profile', attributes: opts.profile ?? { email: opts.email ?? 'buyer@example.com' } },
        },
      },
    },
  }
}

let companyId: number
let key: string
let otherKey: string

beforeAll(async () => {
  companyId = (await makeCompany()).id
  key = await makeApiKey(companyId)
  otherKey = await makeApiKey((await makeCompany()).id)
})
beforeEach(() => resetRateLimits())

describe('POST /api/events', () => {
  test('202 with no body; the queued event is processed into profile, metric and event', async () => {
    const r = await api('POST', '/api/events', {
      key,
      body: eventBody({ email: 'first@example.com', value: 42.5, time: '2026-03-01T12:00:00Z', uniqueId: 'order-1' }),
    })
    expect(r.status).toBe(202)
    expect(r.text).toBe('')
    expect(r.headers.get('RateLimit-Limit')).toBe('350, 350;w=1, 3500;w=60')
    await runJobsUntilIdle()
    const profile = await db.profile.findFirst({ where: { companyId, email: 'first@example.com' } })
    expect(profile).not.toBeNull()
    const ev = await db.event.findFirst({ where: { companyId, profileId: profile!.id } })
    expect(ev).toMatchObject({
      value: 42.5,
      currency: 'USD',
      uniqueId: 'order-1',
      ts: Date.parse('2026-03-01T12:00:00Z') / 1000,
    })
  })

  test('a repeated unique_id for the same profile and metric keeps only the first', async () => {
    for (let i = 0; i < 2; i++)
      await api('POST', '/api/events', {
        key,
        body: eventBody({ email: 'dedupe@example.com', uniqueId: 'same', value: i }),
      })
    await runJobsUntilIdle()
    const p = await db.profile.findFirst({ where: { companyId, email: 'dedupe@example.com' } })
    const rows = await db.event.findMany({ where: { companyId, profileId: p!.id } })
    expect(rows).toHaveLength(1)
    expect(rows[0]!.value).toBe(0)
  })

  test('invalid events → 400 with pointers into the nested body', async () => {
    const noIdentifier = await api('POST', '/api/events', {
      key,
      body: eventBody({ profile: { first_name: 'Nobody' } }),
    })
    expect(noIdentifier.status).toBe(400)
    expect(noIdentifier.json.errors[0].source.pointer).toBe('/data/attributes/profile/data')

    const badEmail = await api('POST', '/api/events', { key, body: eventBody({ email: 'nope' }) })
    expect(badEmail.json.errors[0].source.pointer).toBe('/data/attributes/profile/data/attributes/email')

    const noMetric = await api('POST', '/api/events', { key, body: eventBody({ metric: '' }) })
    expect(noMetric.json.errors[0].source.pointer).toBe('/data/attributes/metric/data/attributes/name')

    const badTime = await api('POST', '/api/events', { key, body: eventBody({ time: 'yesterday-ish' }) })
    expect(badTime.json.errors[0].source.pointer).toBe('/data/attributes/time')

    const structural = await api('POST', '/api/events', {
      key,
      body: { data: { type: 'event', attributes: { properties: {} } } },
    })
    expect(structural.status).toBe(400)
    expect(structural.json.errors.map((e: { source: { pointer: string } }) => e.source.pointer).sort()).toEqual([
      '/data/attributes/metric',
      '/data/attributes/profile',
    ])
  })

  test('time before 1990 or over a year ahead → 400 on /data/attributes/time', async () => {
    for (const time of ['1989-12-31T23:59:59Z', '2999-01-01T00:00:00Z']) {
      const r = await api('POST', '/api/events', { key, body: eventBody({ time }) })
      expect(r.status).toBe(400)
      expect(r.json.errors.map((e: { source: { pointer: string } }) => e.source.pointer)).toEqual([
        '/data/attributes/time',
      ])
    }
  })

  test('profile meta.patch_properties is applied to the profile; a blank external_id is left out', async () => {
    const patched = (meta: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
      eventBody({
        profile: { email: 'patch@example.com', external_id: '', ...extra, meta: { patch_properties: meta } },
      })
    expect(
      (
        await api('POST', '/api/events', {
          key,
          body: patched({ append: { tags: ['a', 'b'] } }, { properties: { size: 'M' } }),
        })
      ).status,
    ).toBe(202)
    expect(
      (await api('POST', '/api/events', { key, body: patched({ unappend: { tags: 'a' }, unset: 'size' }) })).status,
    ).toBe(202)
    await runJobsUntilIdle()
    const p = await db.profile.findFirstOrThrow({ where: { companyId, email: 'patch@example.com' } })
    expect(JSON.parse(p.properties)).toEqual({ tags: ['b'] })
    expect(p.externalId).toBeNull()
    const bad = await api('POST', '/api/events', { key, body: patched({ unset: 5 }) })
    expect(bad.status).toBe(400)
    expect(bad.json.errors[0].source.pointer).toBe(
      '/data/attributes/profile/data/attributes/meta/patch_properties/unset',
    )
  })

  test('more than 400 properties and strings over 100 KB are refused; nothing is queued', async () => {
    const before = await countQueuedJobs()
    const props: Record<string, number> = {}
    for (let i = 0; i < 401; i++) props[`k${i}`] = i
    const many = await api('POST', '/api/events', { key, body: eventBody({ properties: props }) })
    expect(many.status).toBe(400)
    expect(many.json.errors[0].source.pointer).toBe('/data/attributes/properties')
    const long = await api('POST', '/api/events', {
      key,
      body: eventBody({ properties: { note: 'x'.repeat(100 * 1024 + 1) } }),
    })
    expect(long.status).toBe(400)
    expect(long.json.errors[0].source.pointer).toBe('/data/attributes/properties/note')
    const ok = await api('POST', '/api/events', {
      key,
      body: eventBody({ properties: { note: 'x'.repeat(100 * 1024) } }),
    })
    expect(ok.status).toBe(202)
    expect(await countQueuedJobs()).toBe(before + 1)
    await runJobsUntilIdle()
  })
})

describe('GET /api/events', () => {
  let readKey: string
  let cid: number
  let metricId: string
  let profileId: string
  beforeAll(async () => {
    cid = (await makeCompany()).id
    readKey = await makeApiKey(cid)
    for (let d = 1; d <= 5; d++) {
      await api('POST', '/api/events', {
        key: readKey,
        body: eventBody({
          email: d % 2 ? 'odd@example.com' : 'even@example.com',
          time: `2026-01-0${d}T10:00:00Z`,
          value: d,
        }),
      })
    }
    await api('POST', '/api/events', {
      key: readKey,
      body: eventBody({ metric: 'Viewed Product', email: 'odd@example.com', time: '2026-01-03T11:00:00Z' }),
    })
    await runJobsUntilIdle()
    metricId = (await db.metric.findFirst({ where: { companyId: cid, name: 'Placed Order' } }))!.id
    profileId = (await db.profile.findFirst({ where: { companyId: cid, email: 'even@example.com' } }))!.id
  })

  test('the reference shape, datetime ascending by default', async () => {
    const r = await api('GET', '/api/events', { key: readKey })
    expect(r.status).toBe(200)
    expect(r.json.data).toHaveLength(6)
    const e = r.json.data[0]
    expect(e).toMatchObject({
      type: 'event',
      id: expect.any(String),
      attributes: {
        timestamp: Date.parse('2026-01-01T10:00:00Z') / 1000,
        datetime: '2026-01-01T10:00:00+00:00',
        event_properties: { Item: 'Hat', $value: 1 },
        uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      },
      relationships: { metric: { data: { type: 'metric', id: metricId } }, profile: { data: { type: 'profile' } } },
    })
    expect(e.links.self).toBe(`http://localhost:3000/api/events/${e.id}/`)
    const times = r.json.data.map((x: { attributes: { timestamp: number } }) => x.attributes.timestamp)
    expect([...times].sort((a, b) => a - b)).toEqual(times)
  })

  test('filters: metric_id, profile_id, datetime and timestamp comparisons', async () => {
    const q = async (filter: string) =>
      (await api('GET', `/api/events?filter=${encodeURIComponent(filter)}`, { key: readKey })).json.data.length
    expect(await q(`equals(metric_id,"${metricId}")`)).toBe(5)
    expect(await q(`equals(profile_id,"${profileId}")`)).toBe(2)
    expect(await q('greater-or-equal(datetime,2026-01-03T00:00:00Z)')).toBe(4)
    expect(
      await q('and(greater-or-equal(datetime,2026-01-03T00:00:00Z),less-than(datetime,2026-01-04T00:00:00Z))'),
    ).toBe(2)
    expect(await q(`greater-than(timestamp,${Date.parse('2026-01-04T10:00:00Z') / 1000})`)).toBe(1)
    expect(
      await q(`equals(metric_id,"${metricId}"),less-or-equal(timestamp,${Date.parse('2026-01-02T10:00:00Z') / 1000})`),
    ).toBe(2)
  })

  test('sort=-datetime, page[size] with links.next (also as a whole URL), include=metric,profile', async () => {
    const first = await api('GET', '/api/events?sort=-datetime&page[size]=4&include=metric,profile', { key: readKey })
    expect(first.json.data).toHaveLength(4)
    expect(first.json.data[0].attributes.datetime).toBe('2026-01-05T10:00:00+00:00')
    const types = first.json.included.map((x: { type: string }) => x.type).sort()
    expect(types).toEqual(['metric', 'metric', 'profile', 'profile'])
    const next = first.json.links.next as string
    expect(next).toContain('page%5Bcursor%5D=')
    const second = await api(
      'GET',
      `/api/events?sort=-datetime&page[size]=4&page[cursor]=${encodeURIComponent(next)}`,
      { key: readKey },
    )
    expect(second.json.data).toHaveLength(2)
    expect(second.json.links.next).toBeNull()
    const ids = [...first.json.data, ...second.json.data].map((x: { id: string }) => x.id)
    expect(new Set(ids).size).toBe(6)
  })

  test('page[size] bounds and unknown filters → 400', async () => {
    expect((await api('GET', '/api/events?page[size]=1001', { key: readKey })).status).toBe(400)
    expect((await api('GET', '/api/events?page[size]=1000', { key: readKey })).status).toBe(200)
    expect((await api('GET', '/api/events?filter=equals(value,1)', { key: readKey })).json.errors[0].source).toEqual({
      parameter: 'filter',
    })
    expect((await api('GET', '/api/events?sort=value', { key: readKey })).status).toBe(400)
  })

  test('GET /api/events/{id}; cross-tenant events are invisible', async () => {
    const one = (await api('GET', '/api/events', { key: readKey })).json.data[0]
    const r = await api('GET', `/api/events/${one.id}`, { key: readKey })
    expect(r.status).toBe(200)
    expect(r.json.data.id).toBe(one.id)
    expect((await api('GET', `/api/events/${one.id}`, { key: otherKey })).status).toBe(404)
    expect(
      (
        await api('GET', `/api/events?filter=${encodeURIComponent(`equals(metric_id,"${metricId}")`)}`, {
          key: otherKey,
        })
      ).json.data,
    ).toEqual([])
    expect((await api('GET', '/api/events/not-a-number', { key: readKey })).status).toBe(404)
  })
})
