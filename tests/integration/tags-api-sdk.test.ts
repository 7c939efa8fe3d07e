/** @jest-environment node */
// The official SDK (npm klaviyo-api) against our tag endpoints over real HTTP on 127.0.0.1:
// createTagGroup, createTag, getTags, updateTag, tagLists, getListIdsForTag, removeTagFromLists,
// getTagGroups, deleteTag and deleteTagGroup; another company's key sees none of it.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)

import { ApiKeySession, TagsApi, TagEnum, TagGroupEnum, ListEnum } from 'klaviyo-api'
import { db } from '@/lib/db/client'
import { resetRateLimits } from '@/lib/api/rate-limit'
import { LIST } from '@/lib/groups/group-view'
import { makeCompany } from '../helpers/factory'
import { makeApiKey } from '../helpers/route-server'
import { startTagServer, type RouteServer } from './tags-api-routes'

let server: RouteServer
let tags: TagsApi
let otherTags: TagsApi

beforeAll(async () => {
  server = await startTagServer()
  const company = await makeCompany('SDK tags')
  await db.group.create({ data: { id: 'LstSDKT', companyId: company.id, name: 'Newsletter', type: LIST } })
  tags = new TagsApi(new ApiKeySession(await makeApiKey(company.id)))
  otherTags = new TagsApi(new ApiKeySession(await makeApiKey((await makeCompany('Other')).id)))
  for (const api of [tags, otherTags]) api.basePath = server.url
})
beforeEach(() => resetRateLimits())
afterAll(async () => {
  await server.close()
})

async function status(p: Promise<unknown>): Promise<number> {
  try {
    await p
    return 200
  } catch (e) {
    return (e as { response?: { status: number } }).response?.status ?? -1
  }
}

test('the SDK creates, lists, renames, links and deletes tags and groups', async () => {
  const group = await tags.createTagGroup({
    data: { type: TagGroupEnum.TagGroup, attributes: { name: 'Channel', exclusive: true } },
  })
  expect(group.response.status).toBe(201)
  const gid = group.body.data.id
  expect(group.body.data.attributes).toMatchObject({ name: 'Channel', exclusive: true, _default: false })
  resetRateLimits()
  const tag = await tags.createTag({
    data: {
      type: TagEnum.Tag,
      attributes: { name: 'Newsletter' },
      relationships: { tagGroup: { data: { type: TagGroupEnum.TagGroup, id: gid } } },
    },
  })
  expect(tag.response.status).toBe(201)
  const id = tag.body.data.id
  resetRateLimits()
  const list = await tags.getTags()
  expect(list.body.data.map((t) => t.attributes.name)).toEqual(['Newsletter'])
  await tags.updateTag(id, { data: { type: TagEnum.Tag, id, attributes: { name: 'Weekly newsletter' } } })
  resetRateLimits()
  expect((await tags.getTag(id)).body.data.attributes.name).toBe('Weekly newsletter')
  await tags.tagLists(id, { data: [{ type: ListEnum.List, id: 'LstSDKT' }] })
  resetRateLimits()
  expect((await tags.getListIdsForTag(id)).body.data).toEqual([{ type: 'list', id: 'LstSDKT' }])
  await tags.removeTagFromLists(id, { data: [{ type: ListEnum.List, id: 'LstSDKT' }] })
  resetRateLimits()
  expect((await tags.getListIdsForTag(id)).body.data).toEqual([])
  const groups = await tags.getTagGroups()
  expect(groups.body.data.map((g) => g.attributes.name).sort()).toEqual(['Channel', 'Default Tag Group'])
  resetRateLimits()

  expect(await status(otherTags.getTag(id))).toBe(404)
  expect(await status(otherTags.deleteTagGroup(gid))).toBe(404)
  resetRateLimits()

  await tags.deleteTag(id)
  await tags.deleteTagGroup(gid)
  resetRateLimits()
  expect(await status(tags.getTag(id))).toBe(404)
  expect((await tags.getTagGroups()).body.data.map((g) => g.attributes.name)).toEqual(['Default Tag Group'])
})
