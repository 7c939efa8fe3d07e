/** @jest-environment node */
// The official SDK (npm klaviyo-api 23.x) against our API: only its base path changes.
// A real HTTP server on 127.0.0.1 serves the route handlers (tests/helpers/route-server.ts).
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()

import {
  ApiKeySession,
  EventsApi,
  ProfilesApi,
  ListsApi,
  MetricsApi,
  EventEnum,
  MetricEnum,
  ProfileEnum,
  ListEnum,
  ProfileSubscriptionBulkCreateJobEnum,
  MetricAggregateEnum,
} from 'klaviyo-api'
import { db } from '@/lib/db/client'
import { runJobsUntilIdle } from '@/lib/jobs/queue'
import { resetRateLimits } from '@/lib/api/rate-limit'
import { makeCompany } from '../helpers/factory'
import { makeApiKey, startRouteServer, type RouteServer } from '../helpers/route-server'

let server: RouteServer
let companyId: number
let events: EventsApi
let profiles: ProfilesApi
let lists: ListsApi
let metrics: MetricsApi

const CUSTOMERS = [
  'ada@example.com',
  'grace@example.com',
  'linus@example.com',
  'margaret@example.com',
  'ken@example.com',
]

function placedOrder(email: string, value: number, time: string, uniqueId: string) {
  return {
    data: {
      type: EventEnum.Event,
      attributes: {
        properties: { Brand: 'Acme', Items: ['Hat'] },
        time: new Date(time),
        value,
        valueCurrency: 'USD',
        uniqueId,
        metric: { data: { type: MetricEnum.Metric, attributes: { name: 'Placed Order' } } },
        profile: { data: { type: ProfileEnum.Profile, attributes: { email, firstName: email.split('@')[0] } } },
      },
    },
  }
}

beforeAll(async () => {
  companyId = (await makeCompany()).id
  const key = await makeApiKey(companyId)
  server = await startRouteServer()
  const session = new ApiKeySession(key)
  events = new EventsApi(session)
  profiles = new ProfilesApi(session)
  lists = new ListsApi(session)
  metrics = new MetricsApi(session)
  for (const api of [events, profiles, lists, metrics]) api.basePath = server.url
})
afterAll(async () => {
  await server.close()
})
beforeEach(() => resetRateLimits())

test('createEvent: 202, processed by the queue into profiles, a metric and events', async () => {
  for (const [i, email] of CUSTOMERS.entries()) {
    const res = await events.createEvent(placedOrder(email, 10 * (i + 1), `2026-02-0${i + 1}T12:00:00Z`, `order-${i}`))
    expect(res.response.status).toBe(202)
  }
  // The same unique_id again is kept once.
  await events.createEvent(placedOrder(CUSTOMERS[0]!, 999, '2026-02-01T12:00:00Z', 'order-0'))
  await runJobsUntilIdle()
  expect(await db.event.count({ where: { companyId } })).toBe(5)
  expect(await db.profile.count({ where: { companyId } })).toBe(5)

  const got = await events.getEvents({
    filter: 'greater-or-equal(datetime,2026-02-03T00:00:00Z)',
    include: ['metric'],
    sort: '-datetime',
  })
  expect(got.body.data).toHaveLength(3)
  expect(got.body.data[0]!.attributes.eventProperties).toMatchObject({ Brand: 'Acme', $value: 50 })
  expect(got.body.included?.[0]).toMatchObject({ type: 'metric', attributes: { name: 'Placed Order' } })
})

test('createProfile (201), a duplicate (409 with meta), createOrUpdateProfile and updateProfile', async () => {
  const created = await profiles.createProfile({
    data: {
      type: ProfileEnum.Profile,
      attributes: {
        email: 'new@example.com',
        firstName: 'New',
        location: { city: 'Lisbon', country: 'PT' },
        properties: { vip: true },
      },
    },
  })
  expect(created.response.status).toBe(201)
  const id = created.body.data.id!
  expect(created.body.data.attributes).toMatchObject({
    email: 'new@example.com',
    firstName: 'New',
    location: { city: 'Lisbon' },
    properties: { vip: true },
  })
  expect(created.body.data.attributes.created).toBeInstanceOf(Date)

  await expect(
    profiles.createProfile({ data: { type: ProfileEnum.Profile, attributes: { email: 'new@example.com' } } }),
  ).rejects.toMatchObject({
    response: { status: 409, data: { errors: [{ code: 'duplicate_profile', meta: { duplicate_profile_id: id } }] } },
  })

  const upserted = await profiles.createOrUpdateProfile({
    data: { type: ProfileEnum.Profile, attributes: { email: 'new@example.com', lastName: 'Person' } },
  })
  expect(upserted.response.status).toBe(200)
  expect(upserted.body.data.id).toBe(id)

  const updated = await profiles.updateProfile(id, {
    data: { type: ProfileEnum.Profile, id, attributes: { title: 'Buyer' } },
  })
  expect(updated.body.data.attributes).toMatchObject({ firstName: 'New', lastName: 'Person', title: 'Buyer' })

  const read = await profiles.getProfile(id)
  expect(read.body.data.attributes.title).toBe('Buyer')
})

test('lists: createList, addProfilesToList, getProfilesForList, removeProfilesFromList', async () => {
  const list = await lists.createList({ data: { type: ListEnum.List, attributes: { name: 'SDK customers' } } })
  expect(list.response.status).toBe(201)
  const listId = list.body.data.id
  const people = await db.profile.findMany({ where: { companyId, email: { in: CUSTOMERS.slice(0, 3) } } })
  const added = await lists.addProfilesToList(listId, {
    data: people.map((p) => ({ type: ProfileEnum.Profile, id: p.id })),
  })
  expect(added.response.status).toBe(204)
  const members = await lists.getProfilesForList(listId)
  expect(members.body.data.map((p) => p.attributes.email).sort()).toEqual(CUSTOMERS.slice(0, 3).sort())
  await lists.removeProfilesFromList(listId, { data: [{ type: ProfileEnum.Profile, id: people[0]!.id }] })
  expect(
    (await lists.getList(listId, { additionalFieldsList: ['profile_count'] })).body.data.attributes.profileCount,
  ).toBe(2)
  expect((await lists.getLists()).body.data.map((l) => l.id)).toContain(listId)
})

test('bulkSubscribeProfiles: 202, consent recorded and the list joined', async () => {
  const list = await lists.createList({ data: { type: ListEnum.List, attributes: { name: 'Newsletter' } } })
  const listId = list.body.data.id
  const res = await profiles.bulkSubscribeProfiles({
    data: {
      type: ProfileSubscriptionBulkCreateJobEnum.ProfileSubscriptionBulkCreateJob,
      attributes: {
        customSource: 'SDK test',
        profiles: {
          data: ['ada@example.com', 'subscriber@example.com'].map((email) => ({
            type: ProfileEnum.Profile,
            attributes: { email, subscriptions: { email: { marketing: { consent: 'SUBSCRIBED' } } } },
          })),
        },
      },
      relationships: { list: { data: { type: ListEnum.List, id: listId } } },
    },
  })
  expect(res.response.status).toBe(202)
  const members = await lists.getProfilesForList(listId, { additionalFieldsProfile: ['subscriptions'] })
  expect(members.body.data).toHaveLength(2)
  for (const p of members.body.data) expect(p.attributes.subscriptions?.email?.marketing?.consent).toBe('SUBSCRIBED')
})

test('getProfiles: pages through links.next (the SDK sends the whole URL back as page[cursor])', async () => {
  const seen: string[] = []
  let cursor: string | undefined
  let pages = 0
  do {
    const page = await profiles.getProfiles({
      pageSize: 2,
      sort: 'email',
      pageCursor: cursor,
      fieldsProfile: ['email', 'created'],
    })
    expect(page.body.data.length).toBeLessThanOrEqual(2)
    seen.push(...page.body.data.map((p) => p.attributes.email!))
    cursor = page.body.links?.next ?? undefined
    if (cursor) expect(cursor.startsWith(server.url + '/api/profiles?')).toBe(true)
    pages++
  } while (cursor && pages < 20)
  const all = await db.profile.findMany({ where: { companyId }, select: { email: true } })
  expect(seen).toEqual(all.map((p) => p.email!).sort())
  expect(pages).toBe(Math.ceil(all.length / 2))

  const filtered = await profiles.getProfiles({ filter: 'any(email,["grace@example.com","ken@example.com"])' })
  expect(filtered.body.data.map((p) => p.attributes.email).sort()).toEqual(['grace@example.com', 'ken@example.com'])
})

test('metrics: getMetrics, getMetric and queryMetricAggregates', async () => {
  const all = await metrics.getMetrics()
  const placed = all.body.data.find((m) => m.attributes.name === 'Placed Order')
  expect(placed).toBeDefined()
  const one = await metrics.getMetric(placed!.id)
  expect(one.body.data.attributes.integration).toMatchObject({ name: 'API' })

  const agg = await metrics.queryMetricAggregates({
    data: {
      type: MetricAggregateEnum.MetricAggregate,
      attributes: {
        metricId: placed!.id,
        measurements: ['count', 'sum_value', 'unique'],
        interval: 'day',
        timezone: 'UTC',
        filter: ['greater-or-equal(datetime,2026-02-01T00:00:00)', 'less-than(datetime,2026-02-06T00:00:00)'],
      },
    },
  })
  expect(agg.response.status).toBe(200)
  expect(agg.body.data.attributes.dates).toHaveLength(5)
  expect(agg.body.data.attributes.data[0]!.measurements).toEqual({
    count: [1, 1, 1, 1, 1],
    sum_value: [10, 20, 30, 40, 50],
    unique: [1, 1, 1, 1, 1],
  })
})

test('errors reach the SDK as JSON:API errors with their status', async () => {
  await expect(profiles.getProfile('01HZZZZZZZZZZZZZZZZZZZZZZZ')).rejects.toMatchObject({
    response: { status: 404, data: { errors: [{ code: 'not_found' }] } },
  })
  const bad = new ProfilesApi(new ApiKeySession('pk_' + 'z'.repeat(32)))
  bad.basePath = server.url
  await expect(bad.getProfiles()).rejects.toMatchObject({ response: { status: 401 } })
})
