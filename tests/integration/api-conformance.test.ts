/** @jest-environment node */
// Issue 28 §3, conformance defects found with the vendor's Python SDK and schema-driven
// requests, each through the real route handlers: links on the caller's address, nullable and
// unknown body keys, the schema's sparse fieldsets, and list/segment members (joined_group_at
// and the member filters; the official JS SDK reads them).
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()

import { ApiKeySession, ListsApi, SegmentsApi } from 'klaviyo-api'
import { db } from '@/lib/db/client'
import { resetRateLimits } from '@/lib/api/rate-limit'
import { makeCompany } from '../helpers/factory'
import { apiRequest, makeApiKey, startRouteServer, type ApiCall } from '../helpers/route-server'
import { dispatchApp } from '../helpers/app-routes'

let companyId: number
let key: string

async function call(method: string, path: string, opts: ApiCall = {}) {
  const res = await dispatchApp(apiRequest(method, path, { key, ...opts }))
  const text = await res.text()
  return { status: res.status, json: text ? JSON.parse(text) : null }
}

async function makeProfile(email: string, extra: Record<string, unknown> = {}): Promise<string> {
  const r = await call('POST', '/api/profiles', {
    body: { data: { type: 'profile', attributes: { email, ...extra } } },
  })
  expect(r.status).toBe(201)
  return r.json.data.id
}

beforeAll(async () => {
  companyId = (await makeCompany()).id
  key = await makeApiKey(companyId)
})
beforeEach(() => resetRateLimits())

describe('links are built on the address the caller used', () => {
  const OLD = process.env.APP_URL
  afterEach(() => {
    if (OLD === undefined) delete process.env.APP_URL
    else process.env.APP_URL = OLD
  })
  test("without APP_URL: self and next links follow the Host header, not Next's localhost:PORT", async () => {
    delete process.env.APP_URL
    await makeProfile('link-a@example.com')
    await makeProfile('link-b@example.com')
    // Next builds req.url from the bind name; the caller came in as 127.0.0.1:4567.
    const res = await dispatchApp(
      apiRequest('GET', '/api/profiles?page[size]=1', { key, headers: { host: '127.0.0.1:4567' } }),
    )
    const body = await res.json()
    expect(body.links.self).toMatch(/^http:\/\/127\.0\.0\.1:4567\/api\/profiles/)
    expect(body.links.next).toMatch(/^http:\/\/127\.0\.0\.1:4567\/api\/profiles\?/)
    expect(body.data[0].links.self).toMatch(/^http:\/\/127\.0\.0\.1:4567\/api\/profiles\//)
  })
  test('a Host header that is not a host name is not used', async () => {
    delete process.env.APP_URL
    const res = await dispatchApp(
      apiRequest('GET', '/api/profiles?page[size]=1', { key, headers: { host: 'evil.example/x?' } }),
    )
    expect((await res.json()).links.self).toMatch(/^http:\/\/localhost:3000\//)
  })
  test('with APP_URL set, links use it whatever the Host', async () => {
    process.env.APP_URL = 'https://marketing.example.com/'
    const res = await dispatchApp(
      apiRequest('GET', '/api/profiles?page[size]=1', { key, headers: { host: '127.0.0.1:4567' } }),
    )
    const body = await res.json()
    expect(body.links.self).toMatch(/^https:\/\/marketing\.example\.com\/api\/profiles/)
    expect(body.links.next).toMatch(/^https:\/\/marketing\.example\.com\/api\/profiles\?/)
  })
})

describe('nullable fields and unknown keys, as the schema says', () => {
  const event = (
    attributes: Record<string, unknown>,
    profile: Record<string, unknown> = { email: 'nullable@example.com' },
  ) => ({
    data: {
      type: 'event',
      attributes: {
        properties: {},
        metric: { data: { type: 'metric', attributes: { name: 'Viewed Product' } } },
        profile: { data: { type: 'profile', attributes: profile } },
        ...attributes,
      },
    },
  })
  test('"backfill": null on events → 202', async () => {
    expect((await call('POST', '/api/events', { body: event({ backfill: null }) })).status).toBe(202)
  })
  test('"meta": null and meta.patch_identifiers / patch_properties null on a profile update → 200', async () => {
    const id = await makeProfile('meta-null@example.com')
    const patch = (meta: unknown) =>
      call('PATCH', `/api/profiles/${id}`, {
        body: { data: { type: 'profile', id, attributes: { first_name: 'Mo' }, meta } },
      })
    expect((await patch(null)).status).toBe(200)
    expect((await patch({ patch_identifiers: null, patch_properties: null })).status).toBe(200)
    expect((await patch({ patch_properties: { append: null, unappend: null, unset: null } })).status).toBe(200)
  })
  test('unknown keys in a body are ignored, not refused', async () => {
    expect(
      (
        await call('POST', '/api/events', {
          body: event({ not_in_schema: 1 }, { email: 'extra@example.com', favourite: 'tea' }),
        })
      ).status,
    ).toBe(202)
    const list = await call('POST', '/api/lists', {
      body: { data: { type: 'list', attributes: { name: 'Extra keys', colour: 'red' } } },
    })
    expect(list.status).toBe(201)
    expect(list.json.data.attributes).not.toHaveProperty('colour')
    const profile = await call('POST', '/api/profiles', {
      body: {
        data: {
          type: 'profile',
          attributes: { email: 'extra-p@example.com', location: { city: 'Oslo', planet: 'Earth' } },
        },
      },
    })
    expect(profile.status).toBe(201)
    expect(profile.json.data.attributes.location).not.toHaveProperty('planet')
  })
})

describe('sparse fieldsets accept what the schema lists', () => {
  test.each([
    ['/api/tags', 'tag', 'id'],
    ['/api/tag-groups', 'tag-group', 'id'],
    ['/api/coupons', 'coupon', 'id'],
    ['/api/catalog-categories', 'catalog-category', 'id'],
    ['/api/catalog-items', 'catalog-item', 'id'],
    ['/api/catalog-variants', 'catalog-variant', 'id'],
    ['/api/profiles', 'profile', 'predictive_analytics.average_days_between_orders'],
  ])('GET %s?fields[%s]=%s → 200', async (path, type, field) => {
    const r = await call('GET', `${path}?fields[${type}]=${field}`)
    expect(r.status).toBe(200)
  })
  test('a field the schema does not list is still refused', async () => {
    expect((await call('GET', '/api/tags?fields[tag]=colour')).status).toBe(400)
  })
})

describe('filters the schema lists', () => {
  test('profiles: _kx and the email suppression filters', async () => {
    const kept = await makeProfile('supp-kept@example.com', { anonymous_id: 'kx-filter' })
    const bounced = await makeProfile('supp-bounced@example.com')
    await db.suppression.create({
      data: {
        companyId,
        profileId: bounced,
        channel: 'email',
        reason: 'bounced',
        createdAt: new Date('2026-02-01T00:00:00Z'),
      },
    })
    const idsFor = async (filter: string) => {
      const r = await call('GET', `/api/profiles?filter=${encodeURIComponent(filter)}`)
      expect([filter, r.status]).toEqual([filter, 200])
      return r.json.data.map((d: { id: string }) => d.id)
    }
    expect(await idsFor('equals(_kx,"kx-filter")')).toEqual([kept])
    expect(await idsFor('equals(subscriptions.email.marketing.suppression.reason,"HARD_BOUNCE")')).toEqual([bounced])
    expect(await idsFor('equals(subscriptions.email.marketing.suppression.reason,"SPAM_COMPLAINT")')).toEqual([])
    expect(
      await idsFor('greater-than(subscriptions.email.marketing.suppression.timestamp,2026-01-15T00:00:00Z)'),
    ).toEqual([bounced])
    expect(await idsFor('less-than(subscriptions.email.marketing.suppression.timestamp,2026-01-15T00:00:00Z)')).toEqual(
      [],
    )
    // Suppressions are per channel here, never per list.
    expect(await idsFor('equals(subscriptions.email.marketing.list_suppressions.reason,"UNSUBSCRIBE")')).toEqual([])
    // A time comparison on the list suppressions was a 500 (a date compared with the id column).
    expect(
      await idsFor('greater-or-equal(subscriptions.email.marketing.list_suppressions.timestamp,2026-01-01T00:00:00Z)'),
    ).toEqual([])
  })
  test('web feeds: created and updated comparisons', async () => {
    const feed = await call('POST', '/api/web-feeds', {
      body: {
        data: {
          type: 'web-feed',
          attributes: {
            name: 'Blog',
            url: 'https://blog.example/feed.json',
            request_method: 'get',
            content_type: 'json',
          },
        },
      },
    })
    expect(feed.status).toBe(201)
    const after = await call(
      'GET',
      `/api/web-feeds?filter=${encodeURIComponent('greater-or-equal(created,2020-01-01T00:00:00Z)')}`,
    )
    expect(after.json.data.map((d: { id: string }) => d.id)).toContain(feed.json.data.id)
    const before = await call(
      'GET',
      `/api/web-feeds?filter=${encodeURIComponent('less-than(updated,2020-01-01T00:00:00Z)')}`,
    )
    expect(before.status).toBe(200)
    expect(before.json.data).toEqual([])
  })
})

describe('list and segment members', () => {
  let listId: string
  let segmentId: string
  let ids: string[]
  beforeAll(async () => {
    ids = [
      await makeProfile('m1@example.com', { anonymous_id: 'kx-one' }),
      await makeProfile('m2@example.com'),
      await makeProfile('m3@example.com'),
    ]
    listId = (await call('POST', '/api/lists', { body: { data: { type: 'list', attributes: { name: 'Members' } } } }))
      .json.data.id
    const add = await call('POST', `/api/lists/${listId}/relationships/profiles`, {
      body: { data: ids.map((id) => ({ type: 'profile', id })) },
    })
    expect(add.status).toBe(204)
    await db.groupMembership.updateMany({
      where: { groupId: listId, profileId: ids[0] },
      data: { enteredAt: new Date('2026-01-05T10:00:00Z') },
    })
    segmentId = 'SEGMBR'
    await db.group.create({ data: { id: segmentId, companyId, name: 'Members segment', type: 1, definition: null } })
    await db.groupMembership.createMany({
      data: ids.map((profileId, i) => ({
        companyId,
        groupId: segmentId,
        profileId,
        enteredAt: new Date(Date.UTC(2026, 2, 1 + i)),
      })),
    })
    await db.pushToken.create({
      data: { id: 'PTMBR1', companyId, profileId: ids[2]!, token: 'device-token-3', platform: 'ios', vendor: 'apns' },
    })
  })

  test('every member carries joined_group_at (the schema requires it)', async () => {
    for (const path of [`/api/lists/${listId}/profiles`, `/api/segments/${segmentId}/profiles`]) {
      const r = await call('GET', path)
      expect(r.status).toBe(200)
      expect(r.json.data).toHaveLength(3)
      for (const m of r.json.data)
        expect(m.attributes.joined_group_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/)
    }
    const first = (await call('GET', `/api/lists/${listId}/profiles?filter=equals(email,"m1@example.com")`)).json
      .data[0]
    expect(first.attributes.joined_group_at).toBe('2026-01-05T10:00:00+00:00')
  })

  test('the member filters the schema allows: profile_id, push_token, _kx, joined_group_at', async () => {
    const seg = (filter: string) =>
      call('GET', `/api/segments/${segmentId}/profiles?filter=${encodeURIComponent(filter)}`)
    const idsOf = (r: { json: { data: Array<{ id: string }> } }) => r.json.data.map((d) => d.id).sort()
    expect(idsOf(await seg(`equals(profile_id,"${ids[1]}")`))).toEqual([ids[1]])
    expect(idsOf(await seg(`any(profile_id,["${ids[0]}","${ids[2]}"])`))).toEqual([ids[0], ids[2]].sort())
    expect(idsOf(await seg('equals(push_token,"device-token-3")'))).toEqual([ids[2]])
    expect(idsOf(await seg('equals(_kx,"kx-one")'))).toEqual([ids[0]])
    expect(idsOf(await seg('greater-or-equal(joined_group_at,2026-03-02T00:00:00Z)'))).toEqual([ids[1], ids[2]].sort())
    expect(
      idsOf(
        await seg(
          'and(greater-than(joined_group_at,2026-03-01T00:00:00Z),less-than(joined_group_at,2026-03-03T00:00:00Z))',
        ),
      ),
    ).toEqual([ids[1]])
    const list = await call(
      'GET',
      `/api/lists/${listId}/profiles?filter=${encodeURIComponent('less-than(joined_group_at,2026-02-01T00:00:00Z)')}`,
    )
    expect(list.json.data.map((d: { id: string }) => d.id)).toEqual([ids[0]])
    expect((await seg('equals(joined_group_at,"soon")')).status).toBe(400)
  })

  test("sort=joined_group_at and -joined_group_at (the schema's member sort), paged by cursor", async () => {
    const walk = async (sort: string) => {
      const seen: string[] = []
      let next: string | null = `/api/segments/${segmentId}/profiles?sort=${sort}&page[size]=2`
      while (next) {
        const r = await call('GET', next.replace(/^https?:\/\/[^/]+/, ''))
        expect(r.status).toBe(200)
        seen.push(...r.json.data.map((d: { id: string }) => d.id))
        next = r.json.links.next
      }
      return seen
    }
    expect(await walk('joined_group_at')).toEqual(ids)
    expect(await walk('-joined_group_at')).toEqual([...ids].reverse())
    const filtered = await call(
      'GET',
      `/api/segments/${segmentId}/profiles?sort=-joined_group_at&filter=${encodeURIComponent('less-than(joined_group_at,2026-03-03T00:00:00Z)')}`,
    )
    expect(filtered.json.data.map((d: { id: string }) => d.id)).toEqual([ids[1], ids[0]])
    expect(filtered.json.data[0].attributes.joined_group_at).toBe('2026-03-02T00:00:00+00:00')
    expect((await call('GET', '/api/profiles?sort=joined_group_at')).status).toBe(400)
  })

  test('the official JS SDK reads members with joined_group_at', async () => {
    const server = await startRouteServer()
    try {
      const session = new ApiKeySession(key)
      const lists = new ListsApi(session)
      const segments = new SegmentsApi(session)
      lists.basePath = server.url
      segments.basePath = server.url
      const fromList = await lists.getProfilesForList(listId)
      expect(fromList.body.data).toHaveLength(3)
      for (const m of fromList.body.data) expect(m.attributes.joinedGroupAt).toBeInstanceOf(Date)
      const fromSegment = await segments.getProfilesForSegment(segmentId, { filter: `equals(profile_id,"${ids[0]}")` })
      expect(fromSegment.body.data.map((m) => m.id)).toEqual([ids[0]])
      const sorted = await segments.getProfilesForSegment(segmentId, { sort: '-joined_group_at' })
      expect(sorted.body.data.map((m) => m.id)).toEqual([...ids].reverse())
      expect(fromSegment.body.data[0]!.attributes.joinedGroupAt?.toISOString()).toBe('2026-03-01T00:00:00.000Z')
    } finally {
      await server.close()
    }
  })
})
