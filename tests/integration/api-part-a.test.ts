/** @jest-environment node */
// Issue 28 §1 part A: the official SDK (klaviyo-api 23.x, base path changed only) against the
// account, bulk events and an event's metric and profile, segment create/update/delete in the
// vendor's condition_groups, and the member ids of segments and lists. Another company's ids are
// 404s, bad bodies and definitions JSON:API 400s pointing at the field or the condition.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)

import {
  AccountsApi,
  ApiKeySession,
  EventsApi,
  ListsApi,
  SegmentsApi,
  EventBulkCreateJobEnum,
  EventBulkCreateEnum,
  EventEnum,
  MetricEnum,
  ProfileEnum,
  SegmentEnum,
} from 'klaviyo-api'
import { db } from '@/lib/db/client'
import { resetRateLimits } from '@/lib/api/rate-limit'
import { runJobsUntilIdle } from '@/lib/jobs/queue'
import { LIST } from '@/lib/groups/group-view'
import { addProfilesToList } from '@/lib/groups/list-membership'
import { upsertProfile } from '@/lib/profiles/upsert-profile'
import { makeCompany } from '../helpers/factory'
import { makeApiKey } from '../helpers/route-server'
import { callPartA, startPartAServer, type RouteServer } from './api-part-a-routes'

let server: RouteServer
let companyId: number
let otherCompanyId: number
let publicKey: string
let otherPublicKey: string
let key: string
let otherKey: string
let session: ApiKeySession

const profile = async (email: string, company = companyId) =>
  (await upsertProfile(company, { email }, { mode: 'import', source: 'test' })).profile.id

/** The SDK throws on a non-2xx answer; this gives its status and body. */
async function failure(p: Promise<unknown>): Promise<{
  status: number
  body: { errors: Array<{ code: string; detail: string; source?: { pointer?: string } }> }
}> {
  try {
    await p
  } catch (e) {
    const err = e as { response?: { status: number; data: unknown } }
    return { status: err.response!.status, body: err.response!.data as never }
  }
  throw new Error('expected the call to fail')
}

function sdk<T extends { basePath: string }>(Api: new (s: ApiKeySession) => T, s = session): T {
  const api = new Api(s)
  api.basePath = server.url
  return api
}

beforeAll(async () => {
  server = await startPartAServer()
  const c = await makeCompany('Part A')
  const o = await makeCompany('Other A')
  companyId = c.id
  otherCompanyId = o.id
  publicKey = c.publicApiKey
  otherPublicKey = o.publicApiKey
  await db.company.update({
    where: { id: companyId },
    data: {
      timezone: 'Europe/Lisbon',
      currency: 'EUR',
      industry: 'Apparel',
      city: 'Lisbon',
      country: 'PT',
      localeLanguage: 'pt',
      localeRegion: 'PT',
    },
  })
  key = await makeApiKey(companyId)
  otherKey = await makeApiKey(otherCompanyId)
  session = new ApiKeySession(key)
})
beforeEach(() => resetRateLimits())
afterAll(async () => {
  await server.close()
})

test("getAccounts and getAccount: the key's own company with its public key, contact information, zone, currency and locale", async () => {
  const accounts = sdk(AccountsApi)
  const list = await accounts.getAccounts()
  expect(list.body.data).toHaveLength(1)
  const a = list.body.data[0]!
  expect(a.id).toBe(publicKey)
  expect(a.attributes).toMatchObject({
    publicApiKey: publicKey,
    timezone: 'Europe/Lisbon',
    preferredCurrency: 'EUR',
    industry: 'Apparel',
    locale: 'pt-PT',
    testAccount: false,
    contactInformation: { organizationName: 'Part A', streetAddress: { city: 'Lisbon', country: 'PT' } },
  })
  expect(a.attributes.contactInformation.defaultSenderEmail).toContain('@')
  expect((await accounts.getAccount(publicKey, { fieldsAccount: ['timezone'] })).body.data.attributes).toEqual({
    timezone: 'Europe/Lisbon',
  })
  // Another company's account is not found, and accounts:read is needed.
  expect((await failure(accounts.getAccount(otherPublicKey))).status).toBe(404)
  const narrow = new ApiKeySession(await makeApiKey(companyId, ['profiles:read']))
  expect((await failure(sdk(AccountsApi, narrow).getAccounts())).status).toBe(403)
})

const bulkEntry = (
  email: string | null,
  events: Array<{ metric: string; value?: number; uniqueId?: string }>,
  id?: string,
) => ({
  type: EventBulkCreateEnum.EventBulkCreate,
  attributes: {
    profile: { data: { type: ProfileEnum.Profile, ...(id ? { id } : {}), attributes: email ? { email } : {} } },
    events: {
      data: events.map((e) => ({
        type: EventEnum.Event,
        attributes: {
          properties: { Source: 'bulk' },
          ...(e.value != null ? { value: e.value } : {}),
          ...(e.uniqueId ? { uniqueId: e.uniqueId } : {}),
          metric: { data: { type: MetricEnum.Metric, attributes: { name: e.metric } } },
        },
      })),
    },
  },
})

test('bulkCreateEvents: events for several profiles through the ingest queue (202); bad events are 400s at their place', async () => {
  const events = sdk(EventsApi)
  const res = await events.bulkCreateEvents({
    data: {
      type: EventBulkCreateJobEnum.EventBulkCreateJob,
      attributes: {
        eventsBulkCreate: {
          data: [
            bulkEntry('bulk-ada@example.com', [
              { metric: 'Placed Order', value: 40, uniqueId: 'o-1' },
              { metric: 'Viewed Product' },
            ]),
            bulkEntry('bulk-grace@example.com', [{ metric: 'Placed Order', value: 15, uniqueId: 'o-2' }]),
          ],
        },
      },
    },
  } as never)
  expect(res.response.status).toBe(202)
  await runJobsUntilIdle()
  const rows = await db.event.findMany({
    where: { companyId },
    include: { profile: true, metric: true },
    orderBy: { id: 'asc' },
  })
  expect(rows.map((e) => [e.profile.email, e.metric.name, e.value])).toEqual([
    ['bulk-ada@example.com', 'Placed Order', 40],
    ['bulk-ada@example.com', 'Viewed Product', null],
    ['bulk-grace@example.com', 'Placed Order', 15],
  ])

  const job = (entries: unknown[]) => ({
    data: { type: 'event-bulk-create-job', attributes: { 'events-bulk-create': { data: entries } } },
  })
  // A bad address on the second profile: 400 at that profile, nothing queued.
  const bad = await callPartA(
    'POST',
    '/api/event-bulk-create-jobs',
    key,
    job([bulkEntry('ok@example.com', [{ metric: 'A' }]), bulkEntry('not-an-email', [{ metric: 'A' }])]),
  )
  expect(bad.status).toBe(400)
  expect(bad.json.errors[0].source.pointer).toBe(
    '/data/attributes/events-bulk-create/data/1/attributes/profile/data/attributes/email',
  )
  // A metric without a name: 400 at the event's metric.
  const unnamed = await callPartA(
    'POST',
    '/api/event-bulk-create-jobs',
    key,
    job([bulkEntry('ok@example.com', [{ metric: 'A' }, { metric: '' }])]),
  )
  expect(unnamed.status).toBe(400)
  expect(unnamed.json.errors[0].source.pointer).toBe(
    '/data/attributes/events-bulk-create/data/0/attributes/events/data/1/attributes/metric/data/attributes/name',
  )
  // Another company's profile id is a 400 on that id.
  const foreign = await profile('foreign@example.com', otherCompanyId)
  const stranger = await callPartA(
    'POST',
    '/api/event-bulk-create-jobs',
    key,
    job([bulkEntry(null, [{ metric: 'A' }], foreign)]),
  )
  expect(stranger.status).toBe(400)
  expect(stranger.json.errors[0].source.pointer).toBe(
    '/data/attributes/events-bulk-create/data/0/attributes/profile/data/id',
  )
  // More than 1,000 events in one call; a body of the wrong shape.
  const many = Array.from({ length: 11 }, (_, i) =>
    bulkEntry(
      `m${i}@example.com`,
      Array.from({ length: 100 }, () => ({ metric: 'A' })),
    ),
  )
  expect((await callPartA('POST', '/api/event-bulk-create-jobs', key, job(many))).status).toBe(400)
  const shape = await callPartA('POST', '/api/event-bulk-create-jobs', key, {
    data: { type: 'event-bulk-create-job', attributes: {} },
  })
  expect(shape.status).toBe(400)
  expect(shape.json.errors[0].source.pointer).toBe('/data/attributes/events-bulk-create')
  await runJobsUntilIdle()
  expect(await db.event.count({ where: { companyId } })).toBe(3)
})

test('POST /client/event-bulk-create: one profile and its events by public key (202), CORS, bad key 400', async () => {
  const body = { data: bulkEntry('browser@example.com', [{ metric: 'Active on Site' }, { metric: 'Viewed Product' }]) }
  const res = await fetch(`${server.url}/client/event-bulk-create?company_id=${publicKey}`, {
    method: 'POST',
    headers: { 'content-type': 'application/vnd.api+json', revision: '2026-07-15' },
    body: JSON.stringify(body),
  })
  expect(res.status).toBe(202)
  expect(res.headers.get('access-control-allow-origin')).toBe('*')
  await runJobsUntilIdle()
  const p = await db.profile.findFirst({
    where: { companyId, email: 'browser@example.com' },
    include: { events: { include: { metric: true } } },
  })
  expect(p!.events.map((e) => e.metric.name).sort()).toEqual(['Active on Site', 'Viewed Product'])
  const wrong = await fetch(`${server.url}/client/event-bulk-create?company_id=nope00`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  expect(wrong.status).toBe(400)
})

test("an event's metric and profile, and their relationships; other companies' and malformed ids are 404s", async () => {
  const events = sdk(EventsApi)
  const e = await db.event.findFirstOrThrow({ where: { companyId }, include: { metric: true } })
  const id = String(e.id)
  const metric = await events.getMetricForEvent(id, { fieldsMetric: ['name'] })
  expect(metric.body.data).toMatchObject({ type: 'metric', id: e.metricId, attributes: { name: e.metric.name } })
  expect((await events.getMetricIdForEvent(id)).body.data).toEqual({ type: 'metric', id: e.metricId })
  const p = await events.getProfileForEvent(id)
  expect(p.body.data).toMatchObject({ type: 'profile', id: e.profileId })
  expect((await events.getProfileIdForEvent(id)).body.data).toEqual({ type: 'profile', id: e.profileId })

  const other = sdk(EventsApi, new ApiKeySession(otherKey))
  // One at a time: a rejected call nobody awaits yet is an unhandled rejection.
  for (const call of [
    () => other.getMetricForEvent(id),
    () => other.getProfileIdForEvent(id),
    () => events.getProfileForEvent('abc'),
    () => events.getMetricIdForEvent('99999999'),
  ]) {
    const f = await failure(call())
    expect(f.status).toBe(404)
    expect(f.body.errors[0]!.code).toBe('not_found')
  }
})

test('segments: create, read back in condition_groups, redefine, members by id, delete; definitions we cannot hold are 400s naming the condition', async () => {
  const segments = sdk(SegmentsApi)
  const ada = await db.profile.findFirstOrThrow({ where: { companyId, email: 'bulk-ada@example.com' } })
  const placedOrder = await db.metric.findFirstOrThrow({ where: { companyId, name: 'Placed Order' } })
  const conditionGroups = [
    {
      conditions: [
        {
          type: 'profile-metric',
          metric_id: placedOrder.id,
          measurement: 'count',
          measurement_filter: { type: 'numeric', operator: 'greater-than-or-equal', value: 1 },
          timeframe_filter: { type: 'date', operator: 'alltime' },
          metric_filters: [{ property: 'Source', filter: { type: 'string', operator: 'equals', value: 'bulk' } }],
        },
      ],
    },
    {
      conditions: [
        {
          type: 'profile-property',
          property: 'email',
          filter: { type: 'string', operator: 'starts-with', value: 'bulk-ada' },
        },
        {
          type: 'profile-property',
          property: "location['city']",
          filter: { type: 'string', operator: 'equals', value: 'Nowhere' },
        },
      ],
    },
    {
      conditions: [
        {
          type: 'profile-marketing-consent',
          consent: {
            channel: 'email',
            can_receive_marketing: true,
            consent_status: { subscription: 'any', filters: null },
          },
        },
      ],
    },
  ]
  const created = await segments.createSegment({
    data: {
      type: SegmentEnum.Segment,
      attributes: { name: 'Bulk buyers', definition: { conditionGroups }, isStarred: true },
    },
  } as never)
  expect(created.response.status).toBe(201)
  const id = created.body.data.id!
  expect(created.body.data.attributes).toMatchObject({ name: 'Bulk buyers', isStarred: true })
  // Stored as our definition, read back exactly as given.
  const stored = JSON.parse((await db.group.findUniqueOrThrow({ where: { id } })).definition!)
  expect(stored.root.conditions[1]).toEqual({
    type: 'or',
    conditions: [
      { kind: 'profile_property', field: 'email', valueType: 'text', operator: 'starts_with', value: 'bulk-ada' },
      { kind: 'location', field: 'city', operator: 'equals', value: 'Nowhere' },
    ],
  })
  const got = await callPartA('GET', `/api/segments/${id}`, key)
  expect(got.json.data.attributes.definition).toEqual({ condition_groups: conditionGroups })
  expect((await segments.getSegment(id)).body.data.attributes.definition?.conditionGroups).toHaveLength(3)

  await runJobsUntilIdle()
  expect((await segments.getProfileIdsForSegment(id)).body.data).toEqual([{ type: 'profile', id: ada.id }])

  await resetRateLimits()
  const patched = await segments.updateSegment(id, {
    data: {
      type: SegmentEnum.Segment,
      id,
      attributes: {
        name: 'Any buyer',
        definition: {
          conditionGroups: [
            {
              conditions: [
                {
                  type: 'profile-metric',
                  metric_id: placedOrder.id,
                  measurement: 'count',
                  measurement_filter: { type: 'numeric', operator: 'greater-than', value: 0 },
                  timeframe_filter: { type: 'date', operator: 'in-the-last', unit: 'day', quantity: 30 },
                },
              ],
            },
          ],
        },
      },
    },
  } as never)
  expect(patched.body.data.attributes.name).toBe('Any buyer')
  await runJobsUntilIdle()
  const members = (await segments.getProfileIdsForSegment(id)).body.data.map((m) => m.id).sort()
  expect(members).toHaveLength(2)
  expect(
    (await callPartA('GET', `/api/segments/${id}`, key)).json.data.attributes.definition.condition_groups[0]
      .conditions[0].measurement_filter,
  ).toEqual({ type: 'numeric', operator: 'greater-than-or-equal', value: 1 })

  // Bad definitions: a condition we cannot hold, another company's metric, a missing name.
  // Awaited: the reset is a write, and a request sent before it lands can still be limited (a 429
  // under load once).
  const create = async (attributes: unknown) => {
    await resetRateLimits()
    return callPartA('POST', '/api/segments', key, { data: { type: 'segment', attributes } })
  }
  const predictive = await create({
    name: 'Churn',
    definition: {
      condition_groups: [
        {
          conditions: [
            {
              // Issue 23 made the numeric and date dimensions representable; predicted gender is not.
              type: 'profile-predictive-analytics',
              dimension: 'predicted_gender',
              filter: { type: 'string', operator: 'equals', value: 'likely_female' },
            },
          ],
        },
      ],
    },
  })
  expect(predictive.status).toBe(400)
  expect(predictive.json.errors[0].detail).toContain('profile-predictive-analytics')
  expect(predictive.json.errors[0].source.pointer).toBe('/data/attributes/definition/condition_groups/0/conditions/0')
  const otherMetric = await db.metric.create({
    data: { id: 'OthMet', companyId: otherCompanyId, name: 'Placed Order' },
  })
  const foreign = await create({
    name: 'Foreign',
    definition: {
      condition_groups: [
        {
          conditions: [
            { type: 'profile-property', property: 'email', filter: { type: 'existence', operator: 'is-set' } },
            {
              type: 'profile-metric',
              metric_id: otherMetric.id,
              measurement: 'count',
              measurement_filter: { type: 'numeric', operator: 'equals', value: 1 },
              timeframe_filter: { type: 'date', operator: 'alltime' },
            },
          ],
        },
      ],
    },
  })
  expect(foreign.status).toBe(400)
  expect(foreign.json.errors[0].source.pointer).toBe('/data/attributes/definition/condition_groups/0/conditions/1')
  const unnamed = await create({ definition: { condition_groups: [] } })
  expect(unnamed.status).toBe(400)
  expect(unnamed.json.errors[0].source.pointer).toBe('/data/attributes/name')
  const empty = await create({ name: 'Empty', definition: { condition_groups: [] } })
  expect(empty.status).toBe(400)
  expect(empty.json.errors[0].source.pointer).toBe('/data/attributes/definition/condition_groups')
  expect(await db.group.count({ where: { companyId, type: 1 } })).toBe(1)

  // Another company cannot see, change or delete it; a mismatched id is a 409.
  const other = sdk(SegmentsApi, new ApiKeySession(otherKey))
  expect((await failure(other.getProfileIdsForSegment(id))).status).toBe(404)
  await resetRateLimits()
  expect(
    (
      await failure(
        other.updateSegment(id, { data: { type: SegmentEnum.Segment, id, attributes: { name: 'Mine' } } } as never),
      )
    ).status,
  ).toBe(404)
  expect((await failure(other.deleteSegment(id))).status).toBe(404)
  await resetRateLimits()
  expect(
    (
      await callPartA('PATCH', `/api/segments/${id}`, key, {
        data: { type: 'segment', id: 'other', attributes: { name: 'x' } },
      })
    ).status,
  ).toBe(409)

  const deleted = await segments.deleteSegment(id)
  expect(deleted.response.status).toBe(204)
  expect((await failure(segments.getSegment(id))).status).toBe(404)
})

test("getProfileIdsForList: a list's member ids, paged; another company's list is a 404", async () => {
  await db.group.create({ data: { id: 'LstA1', companyId, name: 'Newsletter', type: LIST } })
  const ids = [await profile('l1@example.com'), await profile('l2@example.com'), await profile('l3@example.com')]
  await addProfilesToList(companyId, 'LstA1', ids)
  const lists = sdk(ListsApi)
  const first = await lists.getProfileIdsForList('LstA1', { pageSize: 2 })
  expect(first.body.data).toHaveLength(2)
  expect(first.body.data[0]).toEqual({ type: 'profile', id: expect.any(String) })
  const next = first.body.links!.next!
  const rest = await callPartA('GET', next.replace(/^http:\/\/[^/]+/, ''), key)
  expect([...first.body.data, ...rest.json.data].map((d: { id: string }) => d.id).sort()).toEqual([...ids].sort())
  expect((await failure(sdk(ListsApi, new ApiKeySession(otherKey)).getProfileIdsForList('LstA1'))).status).toBe(404)
})
