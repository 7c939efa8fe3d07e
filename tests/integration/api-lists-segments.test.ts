/** @jest-environment node */
// Lists (GET, POST, PATCH, DELETE, members in and out, members read) and segments (GET),
// with filters, cursor pages and tenancy.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
// The first calls compile the route modules; on a busy machine (and on PostgreSQL) that takes a while.
jest.setTimeout(30_000)

import { db } from '@/lib/db/client'
import { runJobsUntilIdle } from '@/lib/jobs/queue'
import { createSegment } from '@/lib/groups/create-segment'
import { makeCompany } from '../helpers/factory'
import { api, makeApiKey } from '../helpers/route-server'
import { resetRateLimits } from '@/lib/api/rate-limit'

let companyId: number
let key: string
let otherKey: string
let otherCompanyId: number

const createList = (k: string, name: string, opt?: string) =>
  api('POST', '/api/lists', {
    key: k,
    body: { data: { type: 'list', attributes: { name, ...(opt ? { opt_in_process: opt } : {}) } } },
  })
const createProfile = async (k: string, email: string) =>
  (await api('POST', '/api/profiles', { key: k, body: { data: { type: 'profile', attributes: { email } } } })).json.data
    .id as string
const rel = (ids: string[]) => ({ data: ids.map((id) => ({ type: 'profile', id })) })

beforeAll(async () => {
  companyId = (await makeCompany()).id
  key = await makeApiKey(companyId)
  otherCompanyId = (await makeCompany()).id
  otherKey = await makeApiKey(otherCompanyId)
})
beforeEach(() => resetRateLimits())

describe('lists', () => {
  test('POST 201 with the reference attributes; GET one; PATCH; DELETE 204', async () => {
    const r = await createList(key, 'VIP', 'double_opt_in')
    expect(r.status).toBe(201)
    const id = r.json.data.id
    expect(r.json.data).toMatchObject({
      type: 'list',
      id: expect.stringMatching(/^[A-Za-z0-9]{6}$/),
      attributes: {
        name: 'VIP',
        opt_in_process: 'double_opt_in',
        created: expect.any(String),
        updated: expect.any(String),
      },
    })
    expect(r.json.data.links.self).toBe(`http://localhost:3000/api/lists/${id}/`)

    const one = await api('GET', `/api/lists/${id}?additional-fields[list]=profile_count`, { key })
    expect(one.json.data.attributes).toMatchObject({ name: 'VIP', profile_count: 0 })

    const patched = await api('PATCH', `/api/lists/${id}`, {
      key,
      body: { data: { type: 'list', id, attributes: { name: 'VIP customers', opt_in_process: 'single_opt_in' } } },
    })
    expect(patched.status).toBe(200)
    expect(patched.json.data.attributes).toMatchObject({ name: 'VIP customers', opt_in_process: 'single_opt_in' })

    const del = await api('DELETE', `/api/lists/${id}`, { key })
    expect(del.status).toBe(204)
    expect(del.text).toBe('')
    expect((await api('GET', `/api/lists/${id}`, { key })).status).toBe(404)
  })

  test('bad input → 400 with pointers', async () => {
    const noName = await api('POST', '/api/lists', { key, body: { data: { type: 'list', attributes: {} } } })
    expect(noName.status).toBe(400)
    expect(noName.json.errors[0].source.pointer).toBe('/data/attributes/name')
    const badOpt = await createList(key, 'X', 'triple_opt_in')
    expect(badOpt.json.errors[0].source.pointer).toBe('/data/attributes/opt_in_process')
  })

  test('add and remove profiles (204), read members, ≤ 1000 per call, unknown profiles 404', async () => {
    const listId = (await createList(key, 'Members')).json.data.id
    const a = await createProfile(key, 'm1@example.com')
    const b = await createProfile(key, 'm2@example.com')
    const add = await api('POST', `/api/lists/${listId}/relationships/profiles`, { key, body: rel([a, b]) })
    expect(add.status).toBe(204)
    const members = await api('GET', `/api/lists/${listId}/profiles`, { key })
    expect(members.json.data.map((p: { id: string }) => p.id).sort()).toEqual([a, b].sort())
    expect(
      (await api('GET', `/api/lists/${listId}?additional-fields[list]=profile_count`, { key })).json.data.attributes
        .profile_count,
    ).toBe(2)

    const remove = await api('DELETE', `/api/lists/${listId}/relationships/profiles`, { key, body: rel([a]) })
    expect(remove.status).toBe(204)
    const after = await api('GET', `/api/lists/${listId}/profiles/`, { key })
    expect(after.json.data.map((p: { id: string }) => p.id)).toEqual([b])
    const change = await db.groupMembershipChange.findMany({ where: { groupId: listId, profileId: a } })
    expect(change.map((c) => c.kind).sort()).toEqual(['entered', 'left'])

    const tooMany = await api('POST', `/api/lists/${listId}/relationships/profiles`, {
      key,
      body: rel(Array.from({ length: 1001 }, (_, i) => `p${i}`)),
    })
    expect(tooMany.status).toBe(400)
    expect(tooMany.json.errors[0].source.pointer).toBe('/data')
    expect(
      (
        await api('POST', `/api/lists/${listId}/relationships/profiles`, {
          key,
          body: rel(['01HZZZZZZZZZZZZZZZZZZZZZZZ']),
        })
      ).status,
    ).toBe(404)
  })

  test('GET /api/lists: 10 per page max, filters, sort, links.next', async () => {
    const k = await makeApiKey((await makeCompany()).id)
    for (let i = 0; i < 12; i++) {
      await resetRateLimits() // POST /api/lists is the M tier (10/s)
      expect((await createList(k, `List ${String(i).padStart(2, '0')}`)).status).toBe(201)
    }
    const first = await api('GET', '/api/lists?sort=name', { key: k })
    expect(first.json.data).toHaveLength(10)
    expect(first.json.data[0].attributes.name).toBe('List 00')
    const second = await api('GET', first.json.links.next.replace('http://localhost:3000', ''), { key: k })
    expect(second.json.data.map((l: { attributes: { name: string } }) => l.attributes.name)).toEqual([
      'List 10',
      'List 11',
    ])
    expect(second.json.links.next).toBeNull()
    expect((await api('GET', '/api/lists?page[size]=11', { key: k })).status).toBe(400)
    const eq = await api('GET', `/api/lists?filter=${encodeURIComponent('equals(name,"List 03")')}`, { key: k })
    expect(eq.json.data.map((l: { attributes: { name: string } }) => l.attributes.name)).toEqual(['List 03'])
    const any = await api(
      'GET',
      `/api/lists?filter=${encodeURIComponent('any(name,["List 01","List 02"])')}&sort=-name`,
      { key: k },
    )
    expect(any.json.data.map((l: { attributes: { name: string } }) => l.attributes.name)).toEqual([
      'List 02',
      'List 01',
    ])
    expect(
      (await api('GET', '/api/lists?filter=greater-than(created,2000-01-01T00:00:00Z)&page[size]=5', { key: k })).json
        .data,
    ).toHaveLength(5)
  })

  test('cross-tenant: another account cannot read, change, delete or fill a list', async () => {
    const listId = (await createList(key, 'Private')).json.data.id
    const mine = await createProfile(key, 'own@example.com')
    const theirs = await createProfile(otherKey, 'their@example.com')
    expect((await api('GET', `/api/lists/${listId}`, { key: otherKey })).status).toBe(404)
    expect((await api('GET', `/api/lists/${listId}/profiles`, { key: otherKey })).status).toBe(404)
    expect(
      (
        await api('PATCH', `/api/lists/${listId}`, {
          key: otherKey,
          body: { data: { type: 'list', id: listId, attributes: { name: 'Hacked' } } },
        })
      ).status,
    ).toBe(404)
    expect((await api('DELETE', `/api/lists/${listId}`, { key: otherKey })).status).toBe(404)
    expect(
      (await api('POST', `/api/lists/${listId}/relationships/profiles`, { key: otherKey, body: rel([theirs]) })).status,
    ).toBe(404)
    // Nor can this account put another account's profile into its own list.
    expect(
      (await api('POST', `/api/lists/${listId}/relationships/profiles`, { key, body: rel([mine, theirs]) })).status,
    ).toBe(404)
    expect(
      (await api('GET', '/api/lists', { key: otherKey })).json.data.some((l: { id: string }) => l.id === listId),
    ).toBe(false)
    expect((await api('GET', `/api/lists/${listId}`, { key })).json.data.attributes.name).toBe('Private')
  })
})

describe('segments', () => {
  let segmentId: string
  beforeAll(async () => {
    const p = await createProfile(key, 'vip@segment.example')
    await createProfile(key, 'other@segment.example')
    const seg = await createSegment(companyId, {
      name: 'Segment shoppers',
      definition: {
        version: 1,
        root: {
          type: 'and',
          conditions: [
            {
              kind: 'profile_property',
              field: 'email',
              valueType: 'text',
              operator: 'ends_with',
              value: '@segment.example',
            },
          ],
        },
      },
    })
    segmentId = seg.id
    await runJobsUntilIdle()
    expect(p).toBeTruthy()
  })

  test('GET /api/segments and /api/segments/{id} with the reference attributes', async () => {
    const list = await api('GET', '/api/segments', { key })
    expect(list.status).toBe(200)
    const s = list.json.data.find((x: { id: string }) => x.id === segmentId)
    expect(s).toMatchObject({
      type: 'segment',
      attributes: {
        name: 'Segment shoppers',
        is_active: true,
        is_processing: false,
        is_starred: false,
        definition: {
          condition_groups: [
            {
              conditions: [
                {
                  type: 'profile-property',
                  property: 'email',
                  filter: { type: 'string', operator: 'ends-with', value: '@segment.example' },
                },
              ],
            },
          ],
        },
      },
    })
    const one = await api('GET', `/api/segments/${segmentId}?additional-fields[segment]=profile_count`, { key })
    expect(one.json.data.attributes.profile_count).toBe(2)
    const members = await api('GET', `/api/segments/${segmentId}/profiles`, { key })
    expect(members.json.data).toHaveLength(2)
    const filtered = await api(
      'GET',
      `/api/segments?filter=${encodeURIComponent('equals(is_starred,false),any(name,["Segment shoppers"])')}`,
      { key },
    )
    expect(filtered.json.data.map((x: { id: string }) => x.id)).toEqual([segmentId])
  })

  test('a list id is not a segment (and the reverse); cross-tenant 404', async () => {
    const listId = (await createList(key, 'Not a segment')).json.data.id
    expect((await api('GET', `/api/segments/${listId}`, { key })).status).toBe(404)
    expect((await api('GET', `/api/lists/${segmentId}`, { key })).status).toBe(404)
    expect((await api('GET', `/api/segments/${segmentId}`, { key: otherKey })).status).toBe(404)
    expect((await api('GET', `/api/segments/${segmentId}/profiles`, { key: otherKey })).status).toBe(404)
    expect((await api('GET', '/api/segments', { key: otherKey })).json.data).toEqual([])
  })
})
