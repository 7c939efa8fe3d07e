/** @jest-environment node */
// The public /api tags family against the real route handlers and a real database: tags and
// groups (default group on demand, rename 204, delete cascades), links to flows, campaigns,
// lists and segments with the limits (100 per resource, exclusive groups, 500 tags, 50
// groups), the reverse endpoints, the flows' free-text tags kept in step, cross-company isolation.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)

import { db } from '@/lib/db/client'
import { resetRateLimits } from '@/lib/api/rate-limit'
import { LIST, SEGMENT } from '@/lib/groups/group-view'
import { MAX_TAGS } from '@/lib/tags/tags'
import { MAX_TAG_GROUPS } from '@/lib/tags/tag-groups'
import { resourceIdsWithAnyTag, tagsOfResources } from '@/lib/tags/tag-links'
import { makeCompany } from '../helpers/factory'
import { makeApiKey } from '../helpers/route-server'
import { tagApi } from './tags-api-routes'

let companyId: number
let otherCompanyId: number
let key: string
let otherKey: string

async function fixtures(cid: number, s: string) {
  await db.group.create({ data: { id: 'Lst' + s, companyId: cid, name: 'Newsletter', type: LIST } })
  await db.group.create({ data: { id: 'Seg' + s, companyId: cid, name: 'VIPs', type: SEGMENT } })
  await db.flow.create({ data: { id: 'Flw' + s, companyId: cid, name: 'Welcome', webhookSecret: 'x' } })
  await db.campaign.create({ data: { id: 'Cmp' + s, companyId: cid, name: 'Spring sale', channel: 'email' } })
}

const tagBody = (name: string, groupId?: string) => ({
  data: {
    type: 'tag',
    attributes: { name },
    ...(groupId ? { relationships: { 'tag-group': { data: { type: 'tag-group', id: groupId } } } } : {}),
  },
})
const groupBody = (name: string, exclusive?: boolean) => ({
  data: { type: 'tag-group', attributes: { name, ...(exclusive === undefined ? {} : { exclusive }) } },
})
const link = (type: string, ...ids: string[]) => ({ data: ids.map((id) => ({ type, id })) })

beforeAll(async () => {
  companyId = (await makeCompany('Tags A')).id
  otherCompanyId = (await makeCompany('Tags B')).id
  key = await makeApiKey(companyId)
  otherKey = await makeApiKey(otherCompanyId)
  await fixtures(companyId, 'AAA')
  await fixtures(otherCompanyId, 'BBB')
})
beforeEach(() => resetRateLimits())

test('tags: create in the default group (made on demand), get, list with name filters, rename 204, duplicates 409', async () => {
  const created = await tagApi('POST', '/api/tags', key, tagBody('Summer'))
  expect(created.status).toBe(201)
  const id = created.json.data.id
  expect(created.json.data).toMatchObject({ type: 'tag', attributes: { name: 'Summer' } })
  const groupId = created.json.data.relationships['tag-group'].data.id
  const groupsList = await tagApi('GET', '/api/tag-groups', key)
  expect(groupsList.json.data).toEqual([
    expect.objectContaining({
      id: groupId,
      attributes: { name: 'Default Tag Group', exclusive: false, default: true },
    }),
  ])

  await tagApi('POST', '/api/tags', key, tagBody('Winter'))
  const filtered = await tagApi('GET', `/api/tags?filter=${encodeURIComponent('contains(name,"umm")')}`, key)
  expect(filtered.json.data.map((t: { attributes: { name: string } }) => t.attributes.name)).toEqual(['Summer'])
  const sorted = await tagApi('GET', '/api/tags?sort=-name', key)
  expect(sorted.json.data.map((t: { attributes: { name: string } }) => t.attributes.name)).toEqual(['Winter', 'Summer'])
  const paged = await tagApi('GET', '/api/tags?sort=name&page[size]=1', key)
  expect(paged.json.data).toHaveLength(1)
  const next = new URL(paged.json.links.next)
  const second = await tagApi('GET', next.pathname + next.search, key)
  expect(second.json.data[0].attributes.name).toBe('Winter')
  expect(second.json.links.next).toBeNull()

  expect((await tagApi('POST', '/api/tags', key, tagBody('Summer'))).status).toBe(409)
  const renamed = await tagApi('PATCH', `/api/tags/${id}`, key, {
    data: { type: 'tag', id, attributes: { name: 'Summer 26' } },
  })
  expect(renamed.status).toBe(204)
  expect((await tagApi('GET', `/api/tags/${id}`, key)).json.data.attributes.name).toBe('Summer 26')
  expect((await tagApi('GET', `/api/tags/${id}/tag-group`, key)).json.data.attributes.default).toBe(true)
  expect((await tagApi('GET', `/api/tags/${id}/relationships/tag-group`, key)).json.data).toEqual({
    type: 'tag-group',
    id: groupId,
  })
})

test('bad input: a clear 400 with a pointer, nothing written', async () => {
  const before = await db.tag.count({ where: { companyId } })
  const empty = await tagApi('POST', '/api/tags', key, tagBody('  '))
  expect(empty.status).toBe(400)
  expect(empty.json.errors[0].source.pointer).toBe('/data/attributes/name')
  const badGroup = await tagApi('POST', '/api/tags', key, tagBody('X', 'nope'))
  expect(badGroup.status).toBe(404)
  const badFilter = await tagApi('GET', `/api/tags?filter=${encodeURIComponent('greater-than(name,"a")')}`, key)
  expect(badFilter.status).toBe(400)
  const badLink = await tagApi(
    'POST',
    `/api/tags/${(await db.tag.findFirstOrThrow({ where: { companyId } })).id}/relationships/lists`,
    key,
    link('segment', 'SegAAA'),
  )
  expect(badLink.status).toBe(400)
  expect(await db.tag.count({ where: { companyId } })).toBe(before)
})

test('links to flows, campaigns, lists and segments (204), read both ways; flows keep their FlowTag rows in step', async () => {
  const id = (await tagApi('POST', '/api/tags', key, tagBody('Promo'))).json.data.id
  for (const [rel, type, rid] of [
    ['flows', 'flow', 'FlwAAA'],
    ['campaigns', 'campaign', 'CmpAAA'],
    ['lists', 'list', 'LstAAA'],
    ['segments', 'segment', 'SegAAA'],
  ] as const) {
    const res = await tagApi('POST', `/api/tags/${id}/relationships/${rel}`, key, link(type, rid))
    expect(res.status).toBe(204)
    // Linking twice is not an error and makes no second link.
    expect((await tagApi('POST', `/api/tags/${id}/relationships/${rel}`, key, link(type, rid))).status).toBe(204)
    expect((await tagApi('GET', `/api/tags/${id}/relationships/${rel}`, key)).json.data).toEqual([{ type, id: rid }])
  }
  expect(await db.tagLink.count({ where: { tagId: id } })).toBe(4)
  expect((await tagApi('GET', '/api/lists/LstAAA/relationships/tags', key)).json.data).toEqual([{ type: 'tag', id }])
  expect((await tagApi('GET', '/api/segments/SegAAA/tags', key)).json.data[0].attributes.name).toBe('Promo')
  expect((await tagApi('GET', '/api/flows/FlwAAA/tags', key)).json.data.map((t: { id: string }) => t.id)).toContain(id)
  expect(await db.flowTag.findMany({ where: { flowId: 'FlwAAA' } })).toEqual([
    expect.objectContaining({ tag: 'Promo' }),
  ])

  // The tag filter of the lists.
  expect([...(await resourceIdsWithAnyTag(companyId, 'campaign', ['promo']))]).toEqual(['CmpAAA'])
  expect((await tagsOfResources(companyId, 'list', ['LstAAA'])).get('LstAAA')!.map((t) => t.name)).toEqual(['Promo'])

  // Renaming follows into FlowTag; a free-text flow tag that names a tag reads as linked.
  await tagApi('PATCH', `/api/tags/${id}`, key, { data: { type: 'tag', id, attributes: { name: 'Promo 2' } } })
  expect((await db.flowTag.findMany({ where: { flowId: 'FlwAAA' } })).map((r) => r.tag)).toEqual(['Promo 2'])
  const other = (await tagApi('POST', '/api/tags', key, tagBody('Onboarding'))).json.data.id
  await db.flowTag.create({ data: { companyId, flowId: 'FlwAAA', tag: 'Onboarding' } })
  expect((await tagApi('GET', `/api/tags/${other}/relationships/flows`, key)).json.data).toEqual([
    { type: 'flow', id: 'FlwAAA' },
  ])

  const removed = await tagApi('DELETE', `/api/tags/${id}/relationships/flows`, key, link('flow', 'FlwAAA'))
  expect(removed.status).toBe(204)
  expect((await db.flowTag.findMany({ where: { flowId: 'FlwAAA' } })).map((r) => r.tag)).toEqual(['Onboarding'])
  expect((await tagApi('GET', `/api/tags/${id}/relationships/flows`, key)).json.data).toEqual([])

  // Deleting the tag removes its links.
  expect((await tagApi('DELETE', `/api/tags/${id}`, key)).status).toBe(204)
  expect(await db.tagLink.count({ where: { tagId: id } })).toBe(0)
  expect((await tagApi('GET', `/api/tags/${id}`, key)).status).toBe(404)
})

test('exclusive groups hold one tag per resource; deleting a group deletes its tags; the default group stays', async () => {
  const g = await tagApi('POST', '/api/tag-groups', key, groupBody('Season', true))
  expect(g.status).toBe(201)
  expect(g.json.data.attributes).toEqual({ name: 'Season', exclusive: true, default: false })
  const gid = g.json.data.id
  const spring = (await tagApi('POST', '/api/tags', key, tagBody('Spring', gid))).json.data.id
  const autumn = (await tagApi('POST', '/api/tags', key, tagBody('Autumn', gid))).json.data.id
  expect((await tagApi('GET', `/api/tag-groups/${gid}/relationships/tags`, key)).json.data).toHaveLength(2)
  expect(
    (await tagApi('POST', `/api/tags/${spring}/relationships/campaigns`, key, link('campaign', 'CmpAAA'))).status,
  ).toBe(204)
  const clash = await tagApi('POST', `/api/tags/${autumn}/relationships/campaigns`, key, link('campaign', 'CmpAAA'))
  expect(clash.status).toBe(400)
  expect(clash.json.errors[0].detail).toMatch(/exclusive group "Season"/)
  expect(await db.tagLink.count({ where: { tagId: autumn } })).toBe(0)

  expect(
    (
      await tagApi('PATCH', `/api/tag-groups/${gid}`, key, {
        data: { type: 'tag-group', id: gid, attributes: { name: 'Seasons' } },
      })
    ).status,
  ).toBe(204)
  expect((await tagApi('GET', `/api/tag-groups/${gid}`, key)).json.data.attributes.name).toBe('Seasons')
  const filtered = await tagApi('GET', `/api/tag-groups?filter=${encodeURIComponent('equals(exclusive,true)')}`, key)
  expect(filtered.json.data.map((x: { id: string }) => x.id)).toEqual([gid])

  expect((await tagApi('DELETE', `/api/tag-groups/${gid}`, key)).status).toBe(204)
  expect(await db.tag.count({ where: { id: { in: [spring, autumn] } } })).toBe(0)
  expect(await db.tagLink.count({ where: { tagId: spring } })).toBe(0)
  const def = (await tagApi('GET', `/api/tag-groups?filter=${encodeURIComponent('equals(default,true)')}`, key)).json
    .data[0].id
  const refused = await tagApi('DELETE', `/api/tag-groups/${def}`, key)
  expect(refused.status).toBe(400)
  expect(refused.json.errors[0].detail).toBe('The default tag group cannot be deleted.')
})

test('limits: 100 tags per resource, 500 tags and 50 groups per account', async () => {
  const c = await makeCompany('Limits')
  const k = await makeApiKey(c.id)
  await db.group.create({ data: { id: 'LstLIM', companyId: c.id, name: 'L', type: LIST } })
  const def = (await tagApi('GET', '/api/tag-groups', k)).json.data[0].id
  await db.tag.createMany({
    data: Array.from({ length: 100 }, (_, i) => ({ id: `lim-${i}`, companyId: c.id, groupId: def, name: `t${i}` })),
  })
  await db.tagLink.createMany({
    data: Array.from({ length: 100 }, (_, i) => ({
      companyId: c.id,
      tagId: `lim-${i}`,
      resourceType: 'list',
      resourceId: 'LstLIM',
    })),
  })
  const extra = (await tagApi('POST', '/api/tags', k, tagBody('one more'))).json.data.id
  const over = await tagApi('POST', `/api/tags/${extra}/relationships/lists`, k, link('list', 'LstLIM'))
  expect(over.status).toBe(400)
  expect(over.json.errors[0].detail).toMatch(/100 tags/)

  await db.tag.createMany({
    data: Array.from({ length: MAX_TAGS - 101 }, (_, i) => ({
      id: `fill-${i}`,
      companyId: c.id,
      groupId: def,
      name: `f${i}`,
    })),
  })
  expect(await db.tag.count({ where: { companyId: c.id } })).toBe(MAX_TAGS)
  const tooMany = await tagApi('POST', '/api/tags', k, tagBody('501st'))
  expect(tooMany.status).toBe(400)
  expect(tooMany.json.errors[0].detail).toBe('An account can have at most 500 tags.')

  await db.tagGroup.createMany({
    data: Array.from({ length: MAX_TAG_GROUPS - 1 }, (_, i) => ({ id: `grp-${i}`, companyId: c.id, name: `g${i}` })),
  })
  const g51 = await tagApi('POST', '/api/tag-groups', k, groupBody('one too many'))
  expect(g51.status).toBe(400)
  expect(g51.json.errors[0].detail).toBe('An account can have at most 50 tag groups.')
})

test('cross-company: another company cannot read, rename, delete or link our tags, nor link its tags to our resources', async () => {
  const mine = (await tagApi('POST', '/api/tags', key, tagBody('Private'))).json.data.id
  await tagApi('POST', `/api/tags/${mine}/relationships/lists`, key, link('list', 'LstAAA'))
  const theirs = (await tagApi('POST', '/api/tags', otherKey, tagBody('Theirs'))).json.data.id
  expect((await tagApi('GET', `/api/tags/${mine}`, otherKey)).status).toBe(404)
  expect(
    (
      await tagApi('PATCH', `/api/tags/${mine}`, otherKey, {
        data: { type: 'tag', id: mine, attributes: { name: 'Hacked' } },
      })
    ).status,
  ).toBe(404)
  expect((await tagApi('DELETE', `/api/tags/${mine}`, otherKey)).status).toBe(404)
  expect((await tagApi('GET', `/api/tags/${mine}/relationships/lists`, otherKey)).status).toBe(404)
  expect(
    (await tagApi('POST', `/api/tags/${theirs}/relationships/lists`, otherKey, link('list', 'LstAAA'))).status,
  ).toBe(404)
  expect((await tagApi('GET', '/api/lists/LstAAA/tags', otherKey)).status).toBe(404)
  expect((await tagApi('GET', '/api/tags', otherKey)).json.data.map((t: { id: string }) => t.id)).toEqual([theirs])
  const myGroups = (await tagApi('GET', '/api/tag-groups', key)).json.data.map((g: { id: string }) => g.id)
  for (const gid of myGroups) expect((await tagApi('GET', `/api/tag-groups/${gid}`, otherKey)).status).toBe(404)
  expect((await db.tag.findUniqueOrThrow({ where: { id: mine } })).name).toBe('Private')
  expect(await db.tagLink.count({ where: { resourceId: 'LstAAA' } })).toBeGreaterThan(0)
  expect(await db.tagLink.count({ where: { tagId: theirs } })).toBe(0)
})

test('scopes: a read-only key cannot write; linking flows needs flows:write', async () => {
  const ro = await makeApiKey(companyId, ['tags:read'])
  expect((await tagApi('GET', '/api/tags', ro)).status).toBe(200)
  expect((await tagApi('POST', '/api/tags', ro, tagBody('Nope'))).status).toBe(403)
  const tw = await makeApiKey(companyId, ['tags:read', 'tags:write'])
  const id = (await tagApi('POST', '/api/tags', tw, tagBody('Scoped'))).json.data.id
  expect((await tagApi('POST', `/api/tags/${id}/relationships/flows`, tw, link('flow', 'FlwAAA'))).status).toBe(403)
})
