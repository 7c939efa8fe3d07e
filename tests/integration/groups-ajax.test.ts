/** @jest-environment node */
// /ajax/group, /ajax/lists and /ajax/segment (seed 002 §7.8): every endpoint with valid input,
// invalid input (400 with field errors), permissions, and another company's group (404).
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
// The first calls compile the route modules; on a busy machine (and on PostgreSQL) that takes a while.
jest.setTimeout(30_000)
import { GET as listGroupsRoute, POST as createGroupRoute } from '@/app/ajax/group/route'
import { GET as getGroupRoute, PATCH as patchGroupRoute, DELETE as deleteGroupRoute } from '@/app/ajax/group/[id]/route'
import { POST as bulkDeleteRoute } from '@/app/ajax/group/bulk_delete/route'
import { GET as memberCountRoute, POST as memberCountPostRoute } from '@/app/ajax/group/[id]/member_count/route'
import { GET as percentRoute } from '@/app/ajax/group/[id]/search_percent_complete/route'
import { GET as listsMemberCountRoute } from '@/app/ajax/lists/member-count/route'
import { GET as simpleRoute } from '@/app/ajax/lists/simple/route'
import { POST as previewRoute } from '@/app/ajax/segment/preview/route'
import { db } from '@/lib/db/client'
import { runJobsUntilIdle } from '@/lib/jobs/queue'
import { ulid } from '@/lib/ids/make-id'
import { getOrCreateMetric } from '@/lib/events/get-or-create-metric'
import { ajaxRequest, makeCompany, makeUser, params, signIn } from '../helpers/factory'

type Handler = (req: Request, ctx?: { params?: Promise<Record<string, string>> }) => Promise<Response>
let A: number, B: number, cookieA: string, cookieB: string, analystA: string
let metricA: string

async function call(
  h: Handler,
  path: string,
  o: { method?: string; body?: unknown; cookie?: string; id?: string } = {},
) {
  const res = await h(
    ajaxRequest(path, { method: o.method ?? 'GET', cookie: o.cookie ?? cookieA, body: o.body }),
    o.id ? params({ id: o.id }) : undefined,
  )
  return { status: res.status, json: await res.json() }
}
const segDef = (metricId: string) => ({
  version: 1,
  root: {
    type: 'and',
    conditions: [{ kind: 'metric', metricId, comparison: 'at_least', count: 1, timeframe: { type: 'all_time' } }],
  },
})

beforeAll(async () => {
  A = (await makeCompany('A')).id
  B = (await makeCompany('B')).id
  cookieA = await signIn((await makeUser({ companyId: A })).id, A)
  cookieB = await signIn((await makeUser({ companyId: B })).id, B)
  analystA = await signIn((await makeUser({ companyId: A, role: 'analyst' })).id, A)
  metricA = (await getOrCreateMetric(A, 'Placed Order')).id
  const ids = [ulid(), ulid(), ulid()]
  await db.profile.createMany({ data: ids.map((id, i) => ({ id, companyId: A, email: `p${i}@a.test` })) })
  await db.event.create({ data: { companyId: A, profileId: ids[0]!, metricId: metricA, ts: 1_700_000_000 } })
})

describe('POST /ajax/group and GET /ajax/group', () => {
  test('creates a list and a segment, lists them with filters, search, sort and paging', async () => {
    const list = await call(createGroupRoute, '/ajax/group', {
      method: 'POST',
      body: { name: 'Newsletter', opt_in_process: 'double_opt_in', tags: ['main'] },
    })
    expect(list.status).toBe(201)
    expect(list.json.group).toMatchObject({
      name: 'Newsletter',
      type: 0,
      optInProcess: 'double_opt_in',
      tags: ['main'],
      memberCount: 0,
      isStarred: false,
    })
    const seg = await call(createGroupRoute, '/ajax/group', {
      method: 'POST',
      body: { type: 1, name: 'Buyers', definition: segDef(metricA) },
    })
    expect(seg.status).toBe(201)
    expect(seg.json.group).toMatchObject({
      type: 1,
      isProcessing: true,
      processingPercent: 0,
      definition: segDef(metricA),
    })
    await runJobsUntilIdle()
    await call(createGroupRoute, '/ajax/group', { method: 'POST', body: { name: 'VIP' } })
    await call(createGroupRoute, '/ajax/group', { method: 'POST', cookie: cookieB, body: { name: 'B only' } })

    const all = await call(listGroupsRoute, '/ajax/group')
    expect(all.status).toBe(200)
    expect(all.json.data.map((g: { name: string }) => g.name)).toEqual(['VIP', 'Buyers', 'Newsletter'])
    expect(all.json.total).toBe(3)
    expect(all.json.data.find((g: { name: string }) => g.name === 'Buyers')).toMatchObject({
      memberCount: 1,
      isProcessing: false,
    })

    const segments = await call(listGroupsRoute, '/ajax/group?type=1')
    expect(segments.json.data.map((g: { name: string }) => g.name)).toEqual(['Buyers'])
    const search = await call(listGroupsRoute, '/ajax/group?search=news')
    expect(search.json.data.map((g: { name: string }) => g.name)).toEqual(['Newsletter'])
    const byName = await call(listGroupsRoute, '/ajax/group?sort=name&page_size=2')
    expect(byName.json.data.map((g: { name: string }) => g.name)).toEqual(['Buyers', 'Newsletter'])
    expect(byName.json.nextCursor).toBe('2')
    const next = await call(listGroupsRoute, `/ajax/group?sort=name&page_size=2&cursor=${byName.json.nextCursor}`)
    expect(next.json).toMatchObject({ nextCursor: null, data: [expect.objectContaining({ name: 'VIP' })] })

    await call(patchGroupRoute, `/ajax/group/${list.json.group.id}`, {
      method: 'PATCH',
      id: list.json.group.id,
      body: { is_starred: true },
    })
    const starred = await call(listGroupsRoute, '/ajax/group?starred=true')
    expect(starred.json.data.map((g: { name: string }) => g.name)).toEqual(['Newsletter'])
  })

  test.each([
    ['no name', { name: '' }, 'name'],
    ['a bad opt-in process', { name: 'x', optInProcess: 'triple' }, 'optInProcess'],
    ['a bad type', { type: 7, name: 'x' }, 'type'],
    ['a segment without a definition', { type: 1, name: 'x' }, 'definition'],
    [
      'a segment with a bad condition',
      {
        type: 1,
        name: 'x',
        definition: {
          version: 1,
          root: { type: 'and', conditions: [{ kind: 'location', field: 'planet', operator: 'equals', value: 'x' }] },
        },
      },
      'definition.root.conditions.0.field',
    ],
    [
      'a segment on an unknown metric',
      { type: 1, name: 'x', definition: segDef('nope') },
      'definition.root.conditions.0.metricId',
    ],
    ['too many tags', { name: 'x', tags: Array.from({ length: 51 }, (_, i) => `t${i}`) }, 'tags'],
  ])('400 for %s', async (_n, body, field) => {
    const before = await db.group.count()
    const r = await call(createGroupRoute, '/ajax/group', { method: 'POST', body })
    expect(r.status).toBe(400)
    expect(r.json.fieldErrors).toHaveProperty([field])
    expect(await db.group.count()).toBe(before)
  })

  test("a segment on another company's metric or list is refused", async () => {
    const bMetric = await getOrCreateMetric(B, 'B metric')
    const bList = await db.group.create({ data: { id: 'bLst01', companyId: B, name: 'B list' } })
    const r = await call(createGroupRoute, '/ajax/group', {
      method: 'POST',
      body: {
        type: 1,
        name: 'x',
        definition: {
          version: 1,
          root: {
            type: 'or',
            conditions: [
              {
                kind: 'metric',
                metricId: bMetric.id,
                comparison: 'at_least',
                count: 1,
                timeframe: { type: 'all_time' },
              },
              { kind: 'list_membership', listId: bList.id, operator: 'in' },
            ],
          },
        },
      },
    })
    expect(r.status).toBe(400)
    expect(Object.keys(r.json.fieldErrors).sort()).toEqual([
      'definition.root.conditions.0.metricId',
      'definition.root.conditions.1.listId',
    ])
  })

  test('400 for a bad list query, 403 for an analyst creating, 401 without a session', async () => {
    expect((await call(listGroupsRoute, '/ajax/group?type=5')).status).toBe(400)
    expect((await call(listGroupsRoute, '/ajax/group?page_size=1000')).status).toBe(400)
    expect((await call(listGroupsRoute, '/ajax/group?cursor=abc')).status).toBe(400)
    expect((await call(listGroupsRoute, '/ajax/group', { cookie: analystA })).status).toBe(200)
    expect(
      (await call(createGroupRoute, '/ajax/group', { method: 'POST', cookie: analystA, body: { name: 'x' } })).status,
    ).toBe(403)
    const anon = await listGroupsRoute(ajaxRequest('/ajax/group'))
    expect(anon.status).toBe(401)
  })
})

describe('/ajax/group/[id]', () => {
  let listId: string, segId: string, bListId: string
  beforeAll(async () => {
    listId = (await call(createGroupRoute, '/ajax/group', { method: 'POST', body: { name: 'One' } })).json.group.id
    segId = (
      await call(createGroupRoute, '/ajax/group', {
        method: 'POST',
        body: { type: 1, name: 'Seg', definition: segDef(metricA) },
      })
    ).json.group.id
    bListId = (
      await call(createGroupRoute, '/ajax/group', { method: 'POST', cookie: cookieB, body: { name: 'Theirs' } })
    ).json.group.id
    await runJobsUntilIdle()
  })

  test("GET one group; another company's is 404", async () => {
    expect((await call(getGroupRoute, '/ajax/group/x', { id: segId })).json.group).toMatchObject({
      id: segId,
      name: 'Seg',
      memberCount: 1,
    })
    const r = await call(getGroupRoute, '/ajax/group/x', { id: bListId })
    expect(r.status).toBe(404)
    expect(JSON.stringify(r.json)).not.toContain('Theirs')
  })

  test('PATCH renames, tags, redefines (recompute), and validates', async () => {
    const r = await call(patchGroupRoute, '/ajax/group/x', {
      method: 'PATCH',
      id: listId,
      body: { name: 'Renamed', tags: ['a', 'b'] },
    })
    expect(r.json.group).toMatchObject({ name: 'Renamed', tags: ['a', 'b'] })
    const zero = {
      version: 1,
      root: {
        type: 'and',
        conditions: [{ kind: 'metric', metricId: metricA, comparison: 'zero_times', timeframe: { type: 'all_time' } }],
      },
    }
    const s = await call(patchGroupRoute, '/ajax/group/x', { method: 'PATCH', id: segId, body: { definition: zero } })
    expect(s.json.group).toMatchObject({ isProcessing: true, processingPercent: 0 })
    expect((await call(percentRoute, '/ajax/group/x/search_percent_complete', { id: segId })).json).toMatchObject({
      percentComplete: 0,
      isProcessing: true,
    })
    await runJobsUntilIdle()
    expect((await call(percentRoute, '/ajax/group/x/search_percent_complete', { id: segId })).json).toEqual({
      percentComplete: 100,
      isProcessing: false,
      memberCount: 2,
    })

    expect(
      (await call(patchGroupRoute, '/ajax/group/x', { method: 'PATCH', id: listId, body: { name: '' } })).json
        .fieldErrors,
    ).toHaveProperty(['name'])
    expect(
      (await call(patchGroupRoute, '/ajax/group/x', { method: 'PATCH', id: listId, body: { definition: zero } }))
        .status,
    ).toBe(400)
    expect(
      (
        await call(patchGroupRoute, '/ajax/group/x', {
          method: 'PATCH',
          id: segId,
          body: { optInProcess: 'double_opt_in' },
        })
      ).status,
    ).toBe(400)
    expect(
      (
        await call(patchGroupRoute, '/ajax/group/x', {
          method: 'PATCH',
          id: segId,
          body: { definition: { version: 1 } },
        })
      ).json.fieldErrors,
    ).toHaveProperty(['definition.root'])
    expect(
      (await call(patchGroupRoute, '/ajax/group/x', { method: 'PATCH', id: segId, body: { isStarred: 'yes' } })).status,
    ).toBe(400)
  })

  test("PATCH and DELETE of another company's group are 404 and change nothing", async () => {
    expect(
      (await call(patchGroupRoute, '/ajax/group/x', { method: 'PATCH', id: bListId, body: { name: 'Hacked' } })).status,
    ).toBe(404)
    expect((await call(deleteGroupRoute, '/ajax/group/x', { method: 'DELETE', id: bListId })).status).toBe(404)
    expect(await db.group.findUniqueOrThrow({ where: { id: bListId } })).toMatchObject({
      name: 'Theirs',
      deletedAt: null,
    })
  })

  test('member_count and search_percent_complete, and their 404s', async () => {
    expect((await call(memberCountRoute, '/ajax/group/x/member_count', { id: segId })).json).toEqual({
      id: segId,
      memberCount: 2,
    })
    expect(
      (await call(memberCountPostRoute, '/ajax/group/x/member_count', { method: 'POST', id: listId })).json,
    ).toEqual({ id: listId, memberCount: 0 })
    expect((await call(memberCountRoute, '/ajax/group/x/member_count', { id: bListId })).status).toBe(404)
    expect((await call(percentRoute, '/ajax/group/x/search_percent_complete', { id: bListId })).status).toBe(404)
    expect((await call(percentRoute, '/ajax/group/x/search_percent_complete', { id: 'missing' })).status).toBe(404)
  })

  test('GET /ajax/lists/member-count and /ajax/lists/simple stay inside the company', async () => {
    const r = await call(listsMemberCountRoute, `/ajax/lists/member-count?ids=${segId},${listId},${bListId}`)
    expect(r.status).toBe(200)
    expect(r.json.data.sort((a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id))).toEqual(
      [
        { id: segId, memberCount: 2, isProcessing: false },
        { id: listId, memberCount: 0, isProcessing: false },
      ].sort((a, b) => a.id.localeCompare(b.id)),
    )
    expect((await call(listsMemberCountRoute, '/ajax/lists/member-count')).status).toBe(400)
    expect((await call(listsMemberCountRoute, '/ajax/lists/member-count?ids=,')).status).toBe(400)

    const lists = await call(simpleRoute, '/ajax/lists/simple?type=0')
    expect(lists.json.every((g: { type: number }) => g.type === 0)).toBe(true)
    expect(lists.json.map((g: { id: string }) => g.id)).toContain(listId)
    expect(lists.json.map((g: { id: string }) => g.id)).not.toContain(bListId)
    expect(Object.keys(lists.json[0]).sort()).toEqual(['id', 'name', 'type'])
    const segs = await call(simpleRoute, '/ajax/lists/simple?type=1')
    expect(segs.json.map((g: { id: string }) => g.id)).toContain(segId)
    expect(segs.json.every((g: { type: number }) => g.type === 1)).toBe(true)
    expect((await call(simpleRoute, '/ajax/lists/simple?type=2')).status).toBe(400)
  })

  test('DELETE and bulk_delete are soft, scoped and validated', async () => {
    const x = (await call(createGroupRoute, '/ajax/group', { method: 'POST', body: { name: 'X' } })).json.group.id
    const y = (await call(createGroupRoute, '/ajax/group', { method: 'POST', body: { name: 'Y' } })).json.group.id
    const bulk = await call(bulkDeleteRoute, '/ajax/group/bulk_delete', {
      method: 'POST',
      body: { ids: [x, y, bListId] },
    })
    expect(bulk.status).toBe(200)
    expect(bulk.json.deleted.sort()).toEqual([x, y].sort())
    expect(await db.group.findUniqueOrThrow({ where: { id: bListId } })).toMatchObject({ deletedAt: null })
    expect((await db.group.findUniqueOrThrow({ where: { id: x } })).deletedAt).not.toBeNull()
    expect((await call(getGroupRoute, '/ajax/group/x', { id: x })).status).toBe(404)
    expect((await call(bulkDeleteRoute, '/ajax/group/bulk_delete', { method: 'POST', body: { ids: [] } })).status).toBe(
      400,
    )
    expect(
      (await call(bulkDeleteRoute, '/ajax/group/bulk_delete', { method: 'POST', body: { ids: [bListId] } })).status,
    ).toBe(404)
    expect((await call(deleteGroupRoute, '/ajax/group/x', { method: 'DELETE', id: listId })).json).toEqual({
      deleted: [listId],
    })
    expect((await call(deleteGroupRoute, '/ajax/group/x', { method: 'DELETE', id: listId })).status).toBe(404)
  })
})

describe('POST /ajax/segment/preview', () => {
  test("counts the company's matching profiles only", async () => {
    const other = ulid()
    await db.profile.create({ data: { id: other, companyId: B, email: 'b@b.test', city: 'Oslo' } })
    await db.profile.updateMany({ where: { companyId: A, email: 'p1@a.test' }, data: { city: 'Oslo' } })
    const oslo = {
      version: 1,
      root: { type: 'and', conditions: [{ kind: 'location', field: 'city', operator: 'equals', value: 'oslo' }] },
    }
    expect(
      (await call(previewRoute, '/ajax/segment/preview', { method: 'POST', body: { definition: oslo } })).json,
    ).toEqual({ count: 1 })
    expect(
      (await call(previewRoute, '/ajax/segment/preview', { method: 'POST', body: { definition: segDef(metricA) } }))
        .json,
    ).toEqual({ count: 1 })
    expect(
      (
        await call(previewRoute, '/ajax/segment/preview', {
          method: 'POST',
          cookie: cookieB,
          body: { definition: oslo },
        })
      ).json,
    ).toEqual({ count: 1 })
  })

  test("400 with the field path for a bad definition; B cannot preview on A's metric", async () => {
    const bad = await call(previewRoute, '/ajax/segment/preview', {
      method: 'POST',
      body: {
        definition: {
          version: 1,
          root: { type: 'and', conditions: [{ kind: 'consent', channel: 'fax', operator: 'can_receive' }] },
        },
      },
    })
    expect(bad.status).toBe(400)
    expect(bad.json.fieldErrors).toHaveProperty(['definition.root.conditions.0.channel'])
    expect((await call(previewRoute, '/ajax/segment/preview', { method: 'POST', body: {} })).status).toBe(400)
    const cross = await call(previewRoute, '/ajax/segment/preview', {
      method: 'POST',
      cookie: cookieB,
      body: { definition: segDef(metricA) },
    })
    expect(cross.status).toBe(400)
    expect(cross.json.fieldErrors).toHaveProperty(['definition.root.conditions.0.metricId'])
  })
})
