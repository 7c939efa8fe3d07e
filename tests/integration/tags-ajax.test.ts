/** @jest-environment node */
// The /ajax tag endpoints behind /settings/account/tags: the overview with usage counts, create,
// rename and delete of tags and groups with field errors, and one company's session cannot see
// or touch another company's tags.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)

import { db } from '@/lib/db/client'
import { LIST } from '@/lib/groups/group-view'
import * as tags from '@/app/ajax/tags/route'
import * as tag from '@/app/ajax/tags/[id]/route'
import * as groups from '@/app/ajax/tag-groups/route'
import * as group from '@/app/ajax/tag-groups/[id]/route'
import { ajaxRequest, makeCompany, makeUser, params, signIn } from '../helpers/factory'

let cookie: string
let otherCookie: string
let companyId: number

beforeAll(async () => {
  companyId = (await makeCompany('Tags ajax A')).id
  const other = (await makeCompany('Tags ajax B')).id
  cookie = await signIn((await makeUser({ companyId })).id, companyId)
  otherCookie = await signIn((await makeUser({ companyId: other })).id, other)
  await db.group.create({ data: { id: 'LstAJX', companyId, name: 'Newsletter', type: LIST } })
})

test('overview, create, rename, delete; usage counts; field errors', async () => {
  const empty = await (await tags.GET(ajaxRequest('/ajax/tags', { cookie }))).json()
  expect(empty.groups).toEqual([expect.objectContaining({ name: 'Default Tag Group', isDefault: true, tags: [] })])

  const g = await groups.POST(
    ajaxRequest('/ajax/tag-groups', { method: 'POST', cookie, body: { name: 'Season', exclusive: true } }),
  )
  expect(g.status).toBe(201)
  const groupId = (await g.json()).group.id
  const created = await tags.POST(
    ajaxRequest('/ajax/tags', { method: 'POST', cookie, body: { name: 'Spring', groupId } }),
  )
  expect(created.status).toBe(201)
  const tagId = (await created.json()).tag.id
  await db.tagLink.create({ data: { companyId, tagId, resourceType: 'list', resourceId: 'LstAJX' } })

  const dup = await tags.POST(ajaxRequest('/ajax/tags', { method: 'POST', cookie, body: { name: 'Spring' } }))
  expect(dup.status).toBe(409)
  expect((await dup.json()).fieldErrors.name[0]).toMatch(/already exists/)
  const blank = await tags.POST(ajaxRequest('/ajax/tags', { method: 'POST', cookie, body: { name: '  ' } }))
  expect(blank.status).toBe(400)
  expect((await blank.json()).fieldErrors.name).toEqual(['A tag name is required.'])

  const overview = await (await tags.GET(ajaxRequest('/ajax/tags', { cookie }))).json()
  const season = overview.groups.find((x: { id: string }) => x.id === groupId)
  expect(season).toMatchObject({ name: 'Season', exclusive: true, tags: [{ id: tagId, name: 'Spring', usage: 1 }] })

  expect(
    (
      await tag.PATCH(
        ajaxRequest(`/ajax/tags/${tagId}`, { method: 'PATCH', cookie, body: { name: 'Spring 26' } }),
        params({ id: tagId }),
      )
    ).status,
  ).toBe(200)
  expect(
    (
      await group.PATCH(
        ajaxRequest(`/ajax/tag-groups/${groupId}`, { method: 'PATCH', cookie, body: { name: 'Seasons' } }),
        params({ id: groupId }),
      )
    ).status,
  ).toBe(200)
  expect((await db.tag.findUniqueOrThrow({ where: { id: tagId } })).name).toBe('Spring 26')

  // Another company: not found, nothing changed.
  expect(
    (
      await tag.PATCH(
        ajaxRequest(`/ajax/tags/${tagId}`, { method: 'PATCH', cookie: otherCookie, body: { name: 'Hacked' } }),
        params({ id: tagId }),
      )
    ).status,
  ).toBe(404)
  expect(
    (
      await tag.DELETE(
        ajaxRequest(`/ajax/tags/${tagId}`, { method: 'DELETE', cookie: otherCookie }),
        params({ id: tagId }),
      )
    ).status,
  ).toBe(404)
  expect(
    (
      await group.DELETE(
        ajaxRequest(`/ajax/tag-groups/${groupId}`, { method: 'DELETE', cookie: otherCookie }),
        params({ id: groupId }),
      )
    ).status,
  ).toBe(404)
  const theirs = await (await tags.GET(ajaxRequest('/ajax/tags', { cookie: otherCookie }))).json()
  expect(theirs.tagCount).toBe(0)
  expect((await db.tag.findUniqueOrThrow({ where: { id: tagId } })).name).toBe('Spring 26')

  // Deleting the group deletes its tag and the tag's links; the default group cannot be deleted.
  expect(
    (
      await group.DELETE(
        ajaxRequest(`/ajax/tag-groups/${groupId}`, { method: 'DELETE', cookie }),
        params({ id: groupId }),
      )
    ).status,
  ).toBe(200)
  expect(await db.tag.count({ where: { id: tagId } })).toBe(0)
  expect(await db.tagLink.count({ where: { tagId } })).toBe(0)
  const defaultId = overview.groups.find((x: { isDefault: boolean }) => x.isDefault).id
  const refused = await group.DELETE(
    ajaxRequest(`/ajax/tag-groups/${defaultId}`, { method: 'DELETE', cookie }),
    params({ id: defaultId }),
  )
  expect(refused.status).toBe(400)
})
