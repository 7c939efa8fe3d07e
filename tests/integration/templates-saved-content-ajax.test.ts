/** @jest-environment node */
// Saved content (universal content) from the screens: a block of the block editor saved for reuse
// (stored in the vendor's block shape, so /api sees it too), listed with the block the editor
// inserts, renamed and deleted; blocks /api cannot hold are refused with the field; template
// language is checked; an Analyst cannot write; another account sees and touches nothing.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
import { db } from '@/lib/db/client'
import { ajaxRequest, makeCompany, makeUser, params, signIn } from '../helpers/factory'
import * as universal from '@/app/ajax/email-templates/universal-content/route'
import * as one from '@/app/ajax/email-templates/universal-content/[id]/route'
import { call as apiCall } from './templates-routes'
import { makeApiKey } from '../helpers/route-server'
import { resetRateLimits } from '@/lib/api/rate-limit'

let A: number, B: number
let ownerA: string, analystA: string, ownerB: string
beforeAll(async () => {
  A = (await makeCompany('Shop A')).id
  B = (await makeCompany('Shop B')).id
  ownerA = await signIn((await makeUser({ companyId: A, role: 'owner' })).id, A)
  analystA = await signIn((await makeUser({ companyId: A, role: 'analyst' })).id, A)
  ownerB = await signIn((await makeUser({ companyId: B, role: 'owner' })).id, B)
})

const save = (cookie: string, body: unknown) =>
  universal.POST(ajaxRequest('/ajax/email-templates/universal-content', { method: 'POST', cookie, body }))
const list = (cookie: string, search = '') =>
  universal.GET(
    ajaxRequest(`/ajax/email-templates/universal-content${search ? `?search=${encodeURIComponent(search)}` : ''}`, {
      cookie,
    }),
  )
const patch = (cookie: string, id: string, body: unknown) =>
  one.PATCH(
    ajaxRequest(`/ajax/email-templates/universal-content/${id}`, { method: 'PATCH', cookie, body }),
    params({ id }),
  )
const del = (cookie: string, id: string) =>
  one.DELETE(ajaxRequest(`/ajax/email-templates/universal-content/${id}`, { method: 'DELETE', cookie }), params({ id }))

test('an editor block is saved, listed with the block to insert, readable on /api, renamed and deleted', async () => {
  const block = {
    type: 'button',
    text: 'Shop the sale',
    href: 'https://shop.example/sale',
    backgroundColor: '#ff6600',
    textColor: '#ffffff',
    align: 'center',
  }
  const r = await save(ownerA, { name: 'Sale button', block })
  expect(r.status).toBe(200)
  const { item } = await r.json()
  expect(item).toMatchObject({ name: 'Sale button', type: 'button', block })
  expect(item.definition).toMatchObject({
    content_type: 'block',
    type: 'button',
    data: { content: 'Shop the sale', properties: { href: 'https://shop.example/sale' } },
  })

  const text = await (
    await save(ownerA, {
      name: 'Footer',
      block: { type: 'text', html: '<p>{{ organization.name }} · {% unsubscribe_link %}</p>', align: 'center' },
    })
  ).json()
  const listed = await (await list(ownerA)).json()
  expect(listed.items.map((i: { name: string }) => i.name).sort()).toEqual(['Footer', 'Sale button'])
  expect(listed.items.find((i: { name: string }) => i.name === 'Footer').block).toEqual({
    type: 'text',
    html: '<p>{{ organization.name }} · {% unsubscribe_link %}</p>',
    align: 'center',
  })
  expect((await (await list(ownerA, 'foot')).json()).items).toHaveLength(1)

  await resetRateLimits()
  const key = await makeApiKey(A)
  const api = await apiCall('GET', `/api/template-universal-content/${item.id}`, { key })
  expect(api.status).toBe(200)
  expect(api.json.data.attributes).toMatchObject({ name: 'Sale button', definition: { type: 'button' } })

  const renamed = await patch(ownerA, item.id, { name: 'Big sale button' })
  expect((await renamed.json()).item.name).toBe('Big sale button')
  expect((await patch(ownerA, item.id, { name: '  ' })).status).toBe(400)
  expect((await del(ownerA, text.item.id)).status).toBe(200)
  expect(await db.universalContent.count({ where: { companyId: A } })).toBe(1)
})

test('bad input: a kind /api cannot hold, template syntax errors, a missing name', async () => {
  const social = await save(ownerA, {
    name: 'Social',
    block: { type: 'social', links: [{ network: 'instagram', href: 'https://instagram.com/x' }] },
  })
  expect(social.status).toBe(400)
  expect((await social.json()).fieldErrors.block[0]).toMatch(
    /Only text, image, button, divider, spacer and HTML blocks/,
  )
  const broken = await save(ownerA, { name: 'Broken', block: { type: 'text', html: '<p>{% if first_name %}Hi</p>' } })
  expect(broken.status).toBe(400)
  expect(JSON.stringify(await broken.json())).toMatch(/line 1/)
  const noName = await save(ownerA, { name: '', block: { type: 'spacer', height: 10 } })
  expect(noName.status).toBe(400)
  expect((await noName.json()).fieldErrors.name).toBeDefined()
  expect(await db.universalContent.count({ where: { companyId: A, name: { in: ['Social', 'Broken', ''] } } })).toBe(0)
})

test('an Analyst reads but cannot write; another account neither sees nor touches it', async () => {
  const { item } = await (
    await save(ownerA, { name: 'Divider', block: { type: 'divider', color: '#cccccc', thickness: 2 } })
  ).json()
  expect((await list(analystA)).status).toBe(200)
  expect((await save(analystA, { name: 'Nope', block: { type: 'spacer', height: 10 } })).status).toBe(403)
  expect((await patch(analystA, item.id, { name: 'Nope' })).status).toBe(403)
  expect((await (await list(ownerB)).json()).items).toEqual([])
  expect((await patch(ownerB, item.id, { name: 'Mine now' })).status).toBe(404)
  expect((await del(ownerB, item.id)).status).toBe(404)
  expect((await db.universalContent.findUniqueOrThrow({ where: { id: item.id } })).name).toBe('Divider')
})
