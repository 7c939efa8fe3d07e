/** @jest-environment node */
// The catalog /ajax calls (seed 002 §7.10) against the real route handlers under a real session:
// catalog-new items (filters, default page size 25, cursors both ways, reloadPage on a bad cursor),
// categories (page numbers, ids[], catalogItemId), /ux-api/catalog-variants-v1, item subtypes,
// has-ecommerce-integration, and the write calls (create/update/delete item, variant, category)
// with the failure rule (success: false, fieldErrors), CatalogChange rows, and cross-tenant 404s.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(120_000)

import { db } from '@/lib/db/client'
import { makeCompany, makeUser, signIn, ajaxRequest, params } from '../helpers/factory'
import * as items from '@/app/ajax/catalog-new/items/route'
import * as item from '@/app/ajax/catalog-new/items/[id]/route'
import * as categories from '@/app/ajax/catalog-new/categories/route'
import * as category from '@/app/ajax/catalog-new/categories/[id]/route'
import * as variants from '@/app/ajax/catalog-new/variants/route'
import * as variant from '@/app/ajax/catalog-new/variants/[id]/route'
import * as uxVariants from '@/app/ux-api/catalog-variants-v1/route'
import * as uxVariant from '@/app/ux-api/catalog-variants-v1/[id]/route'
import * as subtypes from '@/app/ajax/catalog/item-subtypes/route'
import * as hasEcom from '@/app/ajax/catalog/has-ecommerce-integration/route'

let cookie: string
let otherCookie: string
let companyId: number

async function call(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  handler: (req: Request, ctx: any) => Promise<Response>,
  path: string,
  init: { method?: string; body?: unknown; id?: string; as?: string } = {},
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
): Promise<{ status: number; json: any }> {
  const res = await handler(
    ajaxRequest(path, { method: init.method, body: init.body, cookie: init.as ?? cookie }),
    params({ id: init.id ?? '' }),
  )
  return { status: res.status, json: await res.json() }
}

beforeAll(async () => {
  companyId = (await makeCompany('Ajax catalog A')).id
  const other = (await makeCompany('Ajax catalog B')).id
  const u = await makeUser({ companyId })
  const v = await makeUser({ companyId: other })
  cookie = await signIn(u.id, companyId)
  otherCookie = await signIn(v.id, other)
})

const newItem = (i: number, extra: Record<string, unknown> = {}) => ({
  external_id: `AJ-${String(i).padStart(3, '0')}`,
  title: `Ajax item ${i}`,
  description: 'd',
  url: `https://shop.test/${i}`,
  price: i,
  ...extra,
})

test('write calls: create, update, delete items, variants and categories; failures answer success:false with fieldErrors', async () => {
  const created = await call(items.POST, '/ajax/catalog-new/items', {
    method: 'POST',
    body: newItem(1, { image_urls: ['https://img.test/a.jpg'], item_subtype_id: 2 }),
  })
  expect(created.status).toBe(200)
  expect(created.json).toMatchObject({
    success: true,
    item: {
      external_id: 'AJ-001',
      title: 'Ajax item 1',
      price: 1,
      image_urls: ['https://img.test/a.jpg'],
      item_subtype_id: 2,
      published: true,
      company_id: companyId,
    },
  })
  const itemId = created.json.item.id

  const neg = await call(items.POST, '/ajax/catalog-new/items', { method: 'POST', body: newItem(2, { price: -4 }) })
  expect(neg.status).toBe(400)
  expect(neg.json).toMatchObject({ success: false, fieldErrors: { price: ['price must not be negative.'] } })
  const dup = await call(items.POST, '/ajax/catalog-new/items', { method: 'POST', body: newItem(1) })
  expect(dup.status).toBe(409)
  expect(dup.json.success).toBe(false)
  expect(dup.json.fieldErrors.externalId[0]).toContain('already exists')
  const missing = await call(items.POST, '/ajax/catalog-new/items', { method: 'POST', body: { external_id: 'X' } })
  expect(Object.keys(missing.json.fieldErrors).sort()).toEqual(['description', 'title', 'url'])
  expect(
    (await call(items.POST, '/ajax/catalog-new/items', { method: 'POST', body: newItem(3, { item_subtype_id: 99 }) }))
      .json.fieldErrors.itemSubtypeId,
  ).toBeDefined()

  const v = await call(variants.POST, '/ajax/catalog-new/variants', {
    method: 'POST',
    body: {
      item_id: itemId,
      external_id: 'AJ-001-M',
      title: 'M',
      description: '',
      sku: 'AJM',
      price: 9,
      inventory_quantity: 4,
      url: '',
    },
  })
  expect(v.json).toMatchObject({
    success: true,
    variant: { catalog_item_id: itemId, sku: 'AJM', inventory_quantity: 4 },
  })
  const badInv = await call(variant.PATCH, `/ajax/catalog-new/variants/${v.json.variant.id}`, {
    method: 'PATCH',
    id: v.json.variant.id,
    body: { inventory_quantity: -1 },
  })
  expect(badInv.json).toMatchObject({
    success: false,
    fieldErrors: { inventoryQuantity: ['inventory_quantity must not be negative.'] },
  })
  const inv = await call(variant.PATCH, `/ajax/catalog-new/variants/${v.json.variant.id}`, {
    method: 'PATCH',
    id: v.json.variant.id,
    body: { inventory_quantity: 0, price: 7 },
  })
  expect(inv.json.variant).toMatchObject({ inventory_quantity: 0, price: 7 })
  expect(
    (await db.catalogChange.findMany({ where: { variantId: v.json.variant.id }, orderBy: { id: 'asc' } })).map((c) => [
      c.kind,
      c.oldValue,
      c.newValue,
    ]),
  ).toEqual([
    ['price', 9, 7],
    ['inventory', 4, 0],
  ])

  const upd = await call(item.PATCH, `/ajax/catalog-new/items/${itemId}`, {
    method: 'PATCH',
    id: itemId,
    body: { title: 'Renamed', published: false, external_id: 'IGNORED' },
  })
  expect(upd.json.item).toMatchObject({
    title: 'Renamed',
    published: false,
    status: 'unpublished',
    external_id: 'AJ-001',
  })

  const cat = await call(categories.POST, '/ajax/catalog-new/categories', {
    method: 'POST',
    body: { external_id: 'AJ-CAT', name: 'Ajax cat', item_ids: [itemId] },
  })
  expect(cat.json).toMatchObject({ success: true, category: { name: 'Ajax cat', external_id: 'AJ-CAT' } })
  const badCat = await call(categories.POST, '/ajax/catalog-new/categories', {
    method: 'POST',
    body: { external_id: 'AJ-CAT2', name: 'x', item_ids: ['nope'] },
  })
  expect(badCat.status).toBe(404)
  expect(badCat.json.success).toBe(false)
  const renamed = await call(category.PATCH, `/ajax/catalog-new/categories/${cat.json.category.id}`, {
    method: 'PATCH',
    id: cat.json.category.id,
    body: { name: 'Renamed cat' },
  })
  expect(renamed.json.category.name).toBe('Renamed cat')

  // Reads of one item and its variants.
  expect((await call(item.GET, `/ajax/catalog-new/items/${itemId}`, { id: itemId })).json.item.category_ids).toEqual([
    cat.json.category.id,
  ])
  const vs = await call(uxVariants.GET, `/ux-api/catalog-variants-v1?itemId=${itemId}`)
  expect(vs.json.variants.map((x: { sku: string }) => x.sku)).toEqual(['AJM'])
  expect(
    (await call(uxVariant.GET, `/ux-api/catalog-variants-v1/${v.json.variant.id}`, { id: v.json.variant.id })).json
      .variant.id,
  ).toBe(v.json.variant.id)

  // Cross-tenant: the other company gets 404 (success:false) for every id of ours.
  expect((await call(item.GET, `/ajax/catalog-new/items/${itemId}`, { id: itemId, as: otherCookie })).status).toBe(404)
  const foreign = await call(item.PATCH, `/ajax/catalog-new/items/${itemId}`, {
    method: 'PATCH',
    id: itemId,
    as: otherCookie,
    body: { price: 0 },
  })
  expect(foreign.status).toBe(404)
  expect(foreign.json.success).toBe(false)
  expect(
    (
      await call(variant.DELETE, `/ajax/catalog-new/variants/${v.json.variant.id}`, {
        method: 'DELETE',
        id: v.json.variant.id,
        as: otherCookie,
      })
    ).status,
  ).toBe(404)
  expect(
    (
      await call(uxVariant.GET, `/ux-api/catalog-variants-v1/${v.json.variant.id}`, {
        id: v.json.variant.id,
        as: otherCookie,
      })
    ).status,
  ).toBe(404)
  expect(
    (await call(uxVariants.GET, `/ux-api/catalog-variants-v1?itemId=${itemId}`, { as: otherCookie })).json.variants,
  ).toEqual([])
  expect((await call(items.GET, '/ajax/catalog-new/items', { as: otherCookie })).json.items).toEqual([])
  expect(
    (
      await call(category.DELETE, `/ajax/catalog-new/categories/${cat.json.category.id}`, {
        method: 'DELETE',
        id: cat.json.category.id,
        as: otherCookie,
      })
    ).status,
  ).toBe(404)

  expect(
    (
      await call(variant.DELETE, `/ajax/catalog-new/variants/${v.json.variant.id}`, {
        method: 'DELETE',
        id: v.json.variant.id,
      })
    ).json,
  ).toEqual({ success: true, id: v.json.variant.id })
  expect(
    (
      await call(category.DELETE, `/ajax/catalog-new/categories/${cat.json.category.id}`, {
        method: 'DELETE',
        id: cat.json.category.id,
      })
    ).json.success,
  ).toBe(true)
  expect(
    (await call(item.DELETE, `/ajax/catalog-new/items/${itemId}`, { method: 'DELETE', id: itemId })).json.success,
  ).toBe(true)
  expect(await db.catalogItem.count({ where: { companyId } })).toBe(0)
  // Signed out: 401.
  expect((await items.GET(ajaxRequest('/ajax/catalog-new/items', { csrf: false }))).status).toBe(401)
})

test('items list: default 25 per page, cursors forward and back, filters, reloadPage on a bad cursor', async () => {
  for (let i = 1; i <= 30; i++) {
    const r = await call(items.POST, '/ajax/catalog-new/items', {
      method: 'POST',
      body: newItem(100 + i, {
        published: i % 3 !== 0,
        title: i % 2 ? `Red shirt ${i}` : `Blue mug ${i}`,
        item_subtype_id: i <= 5 ? 3 : 1,
      }),
    })
    expect(r.json.success).toBe(true)
  }
  const first = await call(items.GET, '/ajax/catalog-new/items?orderBy=title')
  expect(first.json.items).toHaveLength(25)
  expect(first.json).toMatchObject({ success: true, reloadPage: false, prevCursor: null })
  const titles1 = first.json.items.map((x: { title: string }) => x.title)
  expect([...titles1].sort()).toEqual(titles1)
  const second = await call(items.GET, `/ajax/catalog-new/items?orderBy=title&cursor=${first.json.nextCursor}`)
  expect(second.json.items).toHaveLength(5)
  expect(second.json.nextCursor).toBeNull()
  expect(second.json.items[0].title >= titles1[24]).toBe(true)
  const back = await call(items.GET, `/ajax/catalog-new/items?orderBy=title&cursor=${second.json.prevCursor}`)
  expect(back.json.items.map((x: { title: string }) => x.title)).toEqual(titles1)
  expect(back.json.prevCursor).toBeNull()

  const small = await call(items.GET, '/ajax/catalog-new/items?numPerPage=7&orderBy=-created')
  expect(small.json.items).toHaveLength(7)
  expect(small.json.items[0].external_id).toBe('AJ-130')
  expect((await call(items.GET, '/ajax/catalog-new/items?q=mug&numPerPage=100')).json.items).toHaveLength(15)
  expect(
    (await call(items.GET, '/ajax/catalog-new/items?q=aj-101')).json.items.map(
      (x: { external_id: string }) => x.external_id,
    ),
  ).toEqual(['AJ-101'])
  expect((await call(items.GET, '/ajax/catalog-new/items?published=false&numPerPage=100')).json.items).toHaveLength(10)
  expect((await call(items.GET, '/ajax/catalog-new/items?itemSubtypeId=3')).json.items).toHaveLength(5)
  const one = (await call(items.GET, '/ajax/catalog-new/items?q=AJ-107')).json.items[0]
  expect(
    (await call(items.GET, `/ajax/catalog-new/items?catalogItemId=${one.id}`)).json.items.map(
      (x: { id: string }) => x.id,
    ),
  ).toEqual([one.id])
  expect((await call(items.GET, '/ajax/catalog-new/items?feed=ajax&numPerPage=100')).json.items).toHaveLength(30)
  const cat = await call(categories.POST, '/ajax/catalog-new/categories', {
    method: 'POST',
    body: { external_id: 'LIST-CAT', name: 'Listed', item_ids: [one.id] },
  })
  expect(
    (await call(items.GET, `/ajax/catalog-new/items?category=${cat.json.category.id}`)).json.items.map(
      (x: { id: string }) => x.id,
    ),
  ).toEqual([one.id])

  const stale = await call(items.GET, '/ajax/catalog-new/items?cursor=not-a-cursor')
  expect(stale.json).toMatchObject({ success: true, reloadPage: true })
  const badSize = await call(items.GET, '/ajax/catalog-new/items?numPerPage=0')
  expect(badSize.status).toBe(400)
  expect(badSize.json).toMatchObject({
    success: false,
    fieldErrors: { numPerPage: ['numPerPage must be a whole number from 1 to 100.'] },
  })
  expect((await call(items.GET, '/ajax/catalog-new/items?orderBy=bogus')).json.success).toBe(false)
})

test('categories list: page numbers, q, ids[], catalogItemId; item subtypes; has-ecommerce-integration', async () => {
  for (let i = 1; i <= 27; i++)
    await call(categories.POST, '/ajax/catalog-new/categories', {
      method: 'POST',
      body: { external_id: `C-${i}`, name: `Category ${String(i).padStart(2, '0')}` },
    })
  const p1 = await call(categories.GET, '/ajax/catalog-new/categories?q=Category')
  expect(p1.json).toMatchObject({ success: true, page: 1, numPerPage: 25, total: 27 })
  expect(p1.json.categories).toHaveLength(25)
  const p2 = await call(categories.GET, '/ajax/catalog-new/categories?q=Category&page=2&orderBy=-name')
  expect(p2.json.categories.map((c: { name: string }) => c.name)).toEqual(['Category 02', 'Category 01'])
  const ids = p1.json.categories.slice(0, 2).map((c: { id: string }) => c.id)
  const byIds = await call(categories.GET, `/ajax/catalog-new/categories?ids[]=${ids[0]}&ids[]=${ids[1]}`)
  expect(byIds.json.categories.map((c: { id: string }) => c.id).sort()).toEqual([...ids].sort())
  const it = (await call(items.GET, '/ajax/catalog-new/items?q=AJ-107')).json.items[0]
  const ofItem = await call(categories.GET, `/ajax/catalog-new/categories?catalogItemId=${it.id}`)
  expect(ofItem.json.categories.map((c: { name: string; item_count: number }) => [c.name, c.item_count])).toEqual([
    ['Listed', 1],
  ])
  expect((await call(categories.GET, '/ajax/catalog-new/categories?num_per_page=500')).json.success).toBe(false)
  expect((await call(categories.GET, '/ajax/catalog-new/categories', { as: otherCookie })).json.total).toBe(0)

  const st = await call(subtypes.GET, '/ajax/catalog/item-subtypes')
  expect(st.json.success).toBe(true)
  expect(st.json.itemSubtypes.length).toBeGreaterThan(0)
  expect((await call(hasEcom.GET, '/ajax/catalog/has-ecommerce-integration')).json).toEqual({
    success: true,
    hasEcommerceIntegration: false,
  })
})
