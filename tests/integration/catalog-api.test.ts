/** @jest-environment node */
// The catalog /api against the real route handlers and a real database: items, variants and
// categories (ids $custom:::$default:::{external_id}, required fields, 201/200/204, filters,
// include=variants, cursor paging), relationships (204), bad input per entry (negative price and
// inventory, duplicates 409, nested custom_metadata, unknown fields), bulk jobs with mixed
// good and bad entries (202, the worker applies the good ones and reports the bad ones with their
// index), CatalogChange rows written on price/inventory changes and only then, cross-tenant
// isolation, and the official SDK over HTTP.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(120_000)

import { ApiKeySession, CatalogsApi } from 'klaviyo-api'
import { db } from '@/lib/db/client'
import { runJobsUntilIdle } from '@/lib/jobs/queue'
import { registerJobHandlers } from '@/lib/server/job-handlers'
import { makeCompany } from '../helpers/factory'
import { makeApiKey } from '../helpers/route-server'
import { catalogApi, startCatalogServer, type RouteServer } from './catalog-api-routes'

let companyId: number
let otherCompanyId: number
let key: string
let otherKey: string
let readOnlyKey: string

const id = (ext: string) => `$custom:::$default:::${ext}`
const enc = (ext: string) => encodeURIComponent(id(ext))
const itemAttrs = (ext: string, extra: Record<string, unknown> = {}) => ({
  external_id: ext,
  title: `Item ${ext}`,
  description: 'A thing',
  url: `https://shop.test/${ext}`,
  price: 10,
  ...extra,
})
const itemBody = (ext: string, extra: Record<string, unknown> = {}, relationships?: unknown) => ({
  data: { type: 'catalog-item', attributes: itemAttrs(ext, extra), ...(relationships ? { relationships } : {}) },
})
const variantAttrs = (ext: string, extra: Record<string, unknown> = {}) => ({
  external_id: ext,
  title: `Variant ${ext}`,
  description: 'Size M',
  sku: `SKU-${ext}`,
  inventory_quantity: 5,
  price: 12,
  url: `https://shop.test/v/${ext}`,
  ...extra,
})
const variantEntry = (ext: string, item: string, extra: Record<string, unknown> = {}) => ({
  type: 'catalog-variant',
  attributes: variantAttrs(ext, extra),
  relationships: { item: { data: { type: 'catalog-item', id: id(item) } } },
})
const filter = (f: string) => `filter=${encodeURIComponent(f)}`

beforeAll(async () => {
  registerJobHandlers()
  companyId = (await makeCompany('Catalog A')).id
  otherCompanyId = (await makeCompany('Catalog B')).id
  key = await makeApiKey(companyId)
  otherKey = await makeApiKey(otherCompanyId)
  readOnlyKey = await makeApiKey(companyId, ['catalogs:read'])
})

test('items: create 201 with the compound id, required fields, get, patch 200, delete 204', async () => {
  const created = await catalogApi(
    'POST',
    '/api/catalog-items',
    key,
    itemBody('SHOE-1', {
      images: ['https://img.test/1.jpg'],
      custom_metadata: { color: 'red', sizes: [1, 2] },
      integration_type: '$custom',
      catalog_type: '$default',
    }),
  )
  expect(created.status).toBe(201)
  expect(created.json.data).toMatchObject({
    type: 'catalog-item',
    id: id('SHOE-1'),
    attributes: {
      external_id: 'SHOE-1',
      title: 'Item SHOE-1',
      price: 10,
      images: ['https://img.test/1.jpg'],
      custom_metadata: { color: 'red', sizes: [1, 2] },
      published: true,
    },
  })
  expect(created.json.data.links.self).toContain(enc('SHOE-1'))
  const got = await catalogApi('GET', `/api/catalog-items/${enc('SHOE-1')}`, key)
  expect(got.status).toBe(200)
  expect(got.json.data.attributes.url).toBe('https://shop.test/SHOE-1')
  const sparse = await catalogApi('GET', `/api/catalog-items/${enc('SHOE-1')}?fields[catalog-item]=title,price`, key)
  expect(sparse.json.data.attributes).toEqual({ title: 'Item SHOE-1', price: 10 })

  // Required fields, each reported with its pointer.
  const missing = await catalogApi('POST', '/api/catalog-items', key, {
    data: { type: 'catalog-item', attributes: { external_id: 'X' } },
  })
  expect(missing.status).toBe(400)
  const pointers = missing.json.errors.map((e: { source: { pointer: string } }) => e.source.pointer).sort()
  expect(pointers).toEqual(['/data/attributes/description', '/data/attributes/title', '/data/attributes/url'])
  expect(await db.catalogItem.count({ where: { companyId, externalId: 'X' } })).toBe(0)

  const patched = await catalogApi('PATCH', `/api/catalog-items/${enc('SHOE-1')}`, key, {
    data: { type: 'catalog-item', id: id('SHOE-1'), attributes: { title: 'Runner', published: false } },
  })
  expect(patched.status).toBe(200)
  expect(patched.json.data.attributes).toMatchObject({ title: 'Runner', published: false, price: 10 })
  const noExt = await catalogApi('PATCH', `/api/catalog-items/${enc('SHOE-1')}`, key, {
    data: { type: 'catalog-item', id: id('SHOE-1'), attributes: { external_id: 'OTHER' } },
  })
  expect(noExt.status).toBe(400)
  expect(noExt.json.errors[0].source.pointer).toBe('/data/attributes/external_id')

  expect((await catalogApi('DELETE', `/api/catalog-items/${enc('SHOE-1')}`, key)).status).toBe(204)
  expect((await catalogApi('GET', `/api/catalog-items/${enc('SHOE-1')}`, key)).status).toBe(404)
  // The external id can be used again after a delete.
  expect((await catalogApi('POST', '/api/catalog-items', key, itemBody('SHOE-1'))).status).toBe(201)
})

test('bad input: negative price and inventory, duplicates 409, nested or oversized custom_metadata, unknown fields, bad ids', async () => {
  const neg = await catalogApi('POST', '/api/catalog-items', key, itemBody('NEG', { price: -1 }))
  expect(neg.status).toBe(400)
  expect(neg.json.errors[0]).toMatchObject({
    detail: 'price must not be negative.',
    source: { pointer: '/data/attributes/price' },
  })
  expect(
    (await catalogApi('POST', '/api/catalog-items', key, itemBody('NEST', { custom_metadata: { a: { b: 1 } } })))
      .status,
  ).toBe(400)
  const big = await catalogApi(
    'POST',
    '/api/catalog-items',
    key,
    itemBody('BIG', { custom_metadata: { blob: 'x'.repeat(101 * 1024) } }),
  )
  expect(big.status).toBe(400)
  expect(big.json.errors[0].detail).toContain('100 KB')
  const unknown = await catalogApi('POST', '/api/catalog-items', key, itemBody('UNK', { colour: 'red' }))
  expect(unknown.status).toBe(400)
  expect(unknown.json.errors[0].source.pointer).toBe('/data/attributes/colour')
  expect(
    (await catalogApi('POST', '/api/catalog-items', key, itemBody('BADINT', { integration_type: '$shopify' }))).status,
  ).toBe(400)
  await catalogApi('POST', '/api/catalog-items', key, itemBody('DUP'))
  const dup = await catalogApi('POST', '/api/catalog-items', key, itemBody('DUP'))
  expect(dup.status).toBe(409)
  expect(dup.json.errors[0].source.pointer).toBe('/data/attributes/external_id')
  const negInv = await catalogApi('POST', '/api/catalog-variants', key, {
    data: variantEntry('V-NEG', 'DUP', { inventory_quantity: -3 }),
  })
  expect(negInv.status).toBe(400)
  expect(negInv.json.errors[0].source.pointer).toBe('/data/attributes/inventory_quantity')
  const negPrice = await catalogApi('POST', '/api/catalog-variants', key, {
    data: variantEntry('V-NEG', 'DUP', { price: -0.01 }),
  })
  expect(negPrice.status).toBe(400)
  const noItem = await catalogApi('POST', '/api/catalog-variants', key, { data: variantEntry('V-X', 'NOPE') })
  expect(noItem.status).toBe(404)
  expect(noItem.json.errors[0].source.pointer).toBe('/data/relationships/item/data')
  expect((await catalogApi('GET', '/api/catalog-items/not-a-compound-id', key)).status).toBe(404)
  expect((await catalogApi('GET', `/api/catalog-items?${filter('equals(price,1)')}`, key)).status).toBe(400)
  expect((await catalogApi('POST', '/api/catalog-items', readOnlyKey, itemBody('RO'))).status).toBe(403)
  expect(await db.catalogVariant.count({ where: { companyId } })).toBe(0)
})

test('variants and categories: CRUD, relationships 204, filters, include=variants, paging', async () => {
  for (const ext of ['TEE-1', 'TEE-2', 'MUG-1'])
    await catalogApi(
      'POST',
      '/api/catalog-items',
      key,
      itemBody(ext, { title: ext.startsWith('TEE') ? 'Cotton Tee' : 'Mug' }),
    )
  const v = await catalogApi('POST', '/api/catalog-variants', key, {
    data: variantEntry('TEE-1-M', 'TEE-1', { inventory_policy: 1 }),
  })
  expect(v.status).toBe(201)
  expect(v.json.data).toMatchObject({
    type: 'catalog-variant',
    id: id('TEE-1-M'),
    attributes: { sku: 'SKU-TEE-1-M', inventory_quantity: 5, inventory_policy: 1, price: 12 },
  })
  await catalogApi('POST', '/api/catalog-variants', key, { data: variantEntry('TEE-1-L', 'TEE-1') })
  await catalogApi('POST', '/api/catalog-variants', key, { data: variantEntry('MUG-1-STD', 'MUG-1') })
  const vp = await catalogApi('PATCH', `/api/catalog-variants/${enc('TEE-1-L')}`, key, {
    data: { type: 'catalog-variant', id: id('TEE-1-L'), attributes: { inventory_quantity: 0, sku: 'NEW-SKU' } },
  })
  expect(vp.status).toBe(200)
  expect(vp.json.data.attributes).toMatchObject({ inventory_quantity: 0, sku: 'NEW-SKU' })

  const cat = await catalogApi('POST', '/api/catalog-categories', key, {
    data: {
      type: 'catalog-category',
      attributes: { external_id: 'TOPS', name: 'Tops' },
      relationships: { items: { data: [{ type: 'catalog-item', id: id('TEE-1') }] } },
    },
  })
  expect(cat.status).toBe(201)
  expect(cat.json.data).toMatchObject({
    type: 'catalog-category',
    id: id('TOPS'),
    attributes: { external_id: 'TOPS', name: 'Tops' },
  })
  await catalogApi('POST', '/api/catalog-categories', key, {
    data: { type: 'catalog-category', attributes: { external_id: 'KITCHEN', name: 'Kitchen' } },
  })
  // Relationships: add, replace, remove → 204.
  expect(
    (
      await catalogApi('POST', `/api/catalog-categories/${enc('TOPS')}/relationships/items`, key, {
        data: [{ type: 'catalog-item', id: id('TEE-2') }],
      })
    ).status,
  ).toBe(204)
  expect(
    (
      await catalogApi('POST', `/api/catalog-items/${enc('MUG-1')}/relationships/categories`, key, {
        data: [{ type: 'catalog-category', id: id('KITCHEN') }],
      })
    ).status,
  ).toBe(204)
  const rel = await catalogApi('GET', `/api/catalog-categories/${enc('TOPS')}/relationships/items`, key)
  expect(rel.json.data.map((d: { id: string }) => d.id).sort()).toEqual([id('TEE-1'), id('TEE-2')])
  expect(
    (
      await catalogApi('POST', `/api/catalog-categories/${enc('TOPS')}/relationships/items`, key, {
        data: [{ type: 'catalog-item', id: id('NOPE') }],
      })
    ).status,
  ).toBe(404)

  const inTops = await catalogApi('GET', `/api/catalog-items?${filter(`equals(category.id,"${id('TOPS')}")`)}`, key)
  expect(inTops.json.data.map((d: { id: string }) => d.id).sort()).toEqual([id('TEE-1'), id('TEE-2')])
  const titled = await catalogApi('GET', `/api/catalog-items?${filter('contains(title,"tee")')}`, key)
  expect(titled.json.data.map((d: { id: string }) => d.id).sort()).toEqual([id('TEE-1'), id('TEE-2')])
  const anyIds = await catalogApi(
    'GET',
    `/api/catalog-items?${filter(`any(ids,["${id('MUG-1')}","${id('TEE-2')}"])`)}`,
    key,
  )
  expect(anyIds.json.data).toHaveLength(2)
  const withVariants = await catalogApi(
    'GET',
    `/api/catalog-items?include=variants&${filter(`any(ids,["${id('TEE-1')}"])`)}`,
    key,
  )
  expect(withVariants.json.data[0].relationships.variants.data.map((d: { id: string }) => d.id).sort()).toEqual([
    id('TEE-1-L'),
    id('TEE-1-M'),
  ])
  expect(withVariants.json.included.map((d: { type: string }) => d.type)).toEqual([
    'catalog-variant',
    'catalog-variant',
  ])
  const page1 = await catalogApi('GET', '/api/catalog-items?page[size]=2&sort=created', key)
  expect(page1.json.data).toHaveLength(2)
  const next = new URL(page1.json.links.next)
  const page2 = await catalogApi('GET', next.pathname + next.search, key)
  const all = [...page1.json.data, ...page2.json.data].map((d: { id: string }) => d.id)
  expect(new Set(all).size).toBe(all.length)
  const desc = await catalogApi('GET', '/api/catalog-items?sort=-created', key)
  expect(desc.json.data.map((d: { id: string }) => d.id)).toEqual(
    (await catalogApi('GET', '/api/catalog-items', key)).json.data.map((d: { id: string }) => d.id).reverse(),
  )

  const bySku = await catalogApi('GET', `/api/catalog-variants?${filter('equals(sku,"NEW-SKU")')}`, key)
  expect(bySku.json.data.map((d: { id: string }) => d.id)).toEqual([id('TEE-1-L')])
  const byItem = await catalogApi('GET', `/api/catalog-variants?${filter(`equals(item.id,"${id('MUG-1')}")`)}`, key)
  expect(byItem.json.data.map((d: { id: string }) => d.id)).toEqual([id('MUG-1-STD')])
  const itemVariants = await catalogApi('GET', `/api/catalog-items/${enc('TEE-1')}/variants`, key)
  expect(itemVariants.json.data).toHaveLength(2)
  const catsOfMug = await catalogApi('GET', `/api/catalog-items/${enc('MUG-1')}/categories`, key)
  expect(catsOfMug.json.data.map((d: { id: string }) => d.id)).toEqual([id('KITCHEN')])
  const catByName = await catalogApi('GET', `/api/catalog-categories?${filter('contains(name,"kit")')}`, key)
  expect(catByName.json.data.map((d: { id: string }) => d.id)).toEqual([id('KITCHEN')])
  const catByItem = await catalogApi(
    'GET',
    `/api/catalog-categories?${filter(`equals(item.id,"${id('TEE-2')}")`)}`,
    key,
  )
  expect(catByItem.json.data.map((d: { id: string }) => d.id)).toEqual([id('TOPS')])
  const itemsOfTops = await catalogApi('GET', `/api/catalog-categories/${enc('TOPS')}/items`, key)
  expect(itemsOfTops.json.data).toHaveLength(2)

  // PATCH replaces, DELETE removes.
  expect(
    (
      await catalogApi('PATCH', `/api/catalog-items/${enc('TEE-2')}/relationships/categories`, key, {
        data: [{ type: 'catalog-category', id: id('KITCHEN') }],
      })
    ).status,
  ).toBe(204)
  expect(
    (await catalogApi('GET', `/api/catalog-items/${enc('TEE-2')}/relationships/categories`, key)).json.data.map(
      (d: { id: string }) => d.id,
    ),
  ).toEqual([id('KITCHEN')])
  expect(
    (
      await catalogApi('DELETE', `/api/catalog-categories/${enc('KITCHEN')}/relationships/items`, key, {
        data: [{ type: 'catalog-item', id: id('TEE-2') }],
      })
    ).status,
  ).toBe(204)
  expect((await catalogApi('GET', `/api/catalog-items/${enc('TEE-2')}/categories`, key)).json.data).toEqual([])
  // Category PATCH: name and items only.
  const cp = await catalogApi('PATCH', `/api/catalog-categories/${enc('TOPS')}`, key, {
    data: { type: 'catalog-category', id: id('TOPS'), attributes: { name: 'Shirts' } },
  })
  expect(cp.status).toBe(200)
  expect(cp.json.data.attributes.name).toBe('Shirts')
  expect(
    (
      await catalogApi('PATCH', `/api/catalog-categories/${enc('TOPS')}`, key, {
        data: { type: 'catalog-category', id: id('TOPS'), attributes: { external_id: 'Z' } },
      })
    ).status,
  ).toBe(400)
  expect((await catalogApi('DELETE', `/api/catalog-variants/${enc('MUG-1-STD')}`, key)).status).toBe(204)
  expect((await catalogApi('DELETE', `/api/catalog-categories/${enc('KITCHEN')}`, key)).status).toBe(204)
  // Deleting an item takes its variants and links with it.
  expect((await catalogApi('DELETE', `/api/catalog-items/${enc('TEE-1')}`, key)).status).toBe(204)
  expect(await db.catalogVariant.count({ where: { companyId, externalId: { startsWith: 'TEE-1-' } } })).toBe(0)
  // (TEE-2 left TOPS when its categories were replaced by KITCHEN above.)
  expect(
    (await catalogApi('GET', `/api/catalog-categories/${enc('TOPS')}/relationships/items`, key)).json.data,
  ).toEqual([])
  expect(await db.catalogItemCategory.count({ where: { companyId } })).toBe(0)
})

test('CatalogChange rows: written for price and inventory changes (old → new), with a catalog.changes job, and not otherwise', async () => {
  await catalogApi('POST', '/api/catalog-items', key, itemBody('CHG', { price: 50 }))
  await catalogApi('POST', '/api/catalog-variants', key, {
    data: variantEntry('CHG-V', 'CHG', { price: 40, inventory_quantity: 3 }),
  })
  const item = await db.catalogItem.findFirstOrThrow({ where: { companyId, externalId: 'CHG' } })
  const variant = await db.catalogVariant.findFirstOrThrow({ where: { companyId, externalId: 'CHG-V' } })
  const changes = () => db.catalogChange.findMany({ where: { companyId, itemId: item.id }, orderBy: { id: 'asc' } })
  const jobs = () => db.job.count({ where: { type: 'catalog.changes', companyId } })
  expect(await changes()).toHaveLength(0) // creating records no change
  const jobsBefore = await jobs()
  // No change: same price, other fields.
  await catalogApi('PATCH', `/api/catalog-items/${enc('CHG')}`, key, {
    data: { type: 'catalog-item', id: id('CHG'), attributes: { price: 50, title: 'Same price' } },
  })
  await catalogApi('PATCH', `/api/catalog-variants/${enc('CHG-V')}`, key, {
    data: { type: 'catalog-variant', id: id('CHG-V'), attributes: { inventory_quantity: 3, price: 40, title: 'x' } },
  })
  expect(await changes()).toHaveLength(0)
  // Price drop on the item, price and inventory on the variant.
  await catalogApi('PATCH', `/api/catalog-items/${enc('CHG')}`, key, {
    data: { type: 'catalog-item', id: id('CHG'), attributes: { price: 45 } },
  })
  await catalogApi('PATCH', `/api/catalog-variants/${enc('CHG-V')}`, key, {
    data: { type: 'catalog-variant', id: id('CHG-V'), attributes: { inventory_quantity: 0, price: 30 } },
  })
  const rows = await changes()
  expect(rows.map((r) => [r.kind, r.variantId, r.oldValue, r.newValue, r.processedAt])).toEqual([
    ['price', null, 50, 45, null],
    ['price', variant.id, 40, 30, null],
    ['inventory', variant.id, 3, 0, null],
  ])
  if (process.env.TEST_DB !== 'postgres') expect(await jobs()).toBe(jobsBefore + 2)
  // A rejected patch writes nothing.
  expect(
    (
      await catalogApi('PATCH', `/api/catalog-variants/${enc('CHG-V')}`, key, {
        data: { type: 'catalog-variant', id: id('CHG-V'), attributes: { inventory_quantity: -1, price: 1 } },
      })
    ).status,
  ).toBe(400)
  expect(await changes()).toHaveLength(3)
  expect((await db.catalogVariant.findUniqueOrThrow({ where: { id: variant.id } })).price).toBe(30)
})

test('bulk jobs: mixed good and bad entries → 202, the good ones applied, each bad one reported with its index', async () => {
  await catalogApi('POST', '/api/catalog-items', key, itemBody('BULK-EXISTS'))
  const entries = [
    { type: 'catalog-item', attributes: itemAttrs('BULK-1') },
    { type: 'catalog-item', attributes: itemAttrs('BULK-2', { price: -5 }) },
    { type: 'catalog-item', attributes: itemAttrs('BULK-EXISTS') },
    { type: 'catalog-item', attributes: itemAttrs('BULK-3') },
    { type: 'catalog-item', attributes: itemAttrs('BULK-3') },
    { type: 'catalog-item', attributes: { external_id: 'BULK-4' } },
  ]
  const post = await catalogApi('POST', '/api/catalog-item-bulk-create-jobs', key, {
    data: { type: 'catalog-item-bulk-create-job', attributes: { items: { data: entries } } },
  })
  expect(post.status).toBe(202)
  expect(post.json.data).toMatchObject({
    type: 'catalog-item-bulk-create-job',
    attributes: { status: 'queued', total_count: 6, completed_count: 0, failed_count: 0 },
  })
  await runJobsUntilIdle()
  const job = await catalogApi('GET', `/api/catalog-item-bulk-create-jobs/${post.json.data.id}`, key)
  expect(job.json.data.attributes).toMatchObject({
    status: 'complete',
    total_count: 6,
    completed_count: 2,
    failed_count: 4,
  })
  const pointers = job.json.data.attributes.errors.map((e: { source: { pointer: string } }) => e.source.pointer)
  expect(pointers).toEqual(
    expect.arrayContaining([
      '/data/attributes/items/data/1/attributes/price',
      '/data/attributes/items/data/2/attributes/external_id',
      '/data/attributes/items/data/4/attributes/external_id',
      '/data/attributes/items/data/5/attributes/title',
    ]),
  )
  expect(job.json.data.relationships.items.data.map((d: { id: string }) => d.id)).toEqual([id('BULK-1'), id('BULK-3')])
  expect(await db.catalogItem.count({ where: { companyId, externalId: { startsWith: 'BULK-' } } })).toBe(3)

  // Variants: create with one bad entry; update with inventory changes; delete with an unknown id.
  const vjob = await catalogApi('POST', '/api/catalog-variant-bulk-create-jobs', key, {
    data: {
      type: 'catalog-variant-bulk-create-job',
      attributes: {
        variants: {
          data: [
            variantEntry('BV-1', 'BULK-1'),
            variantEntry('BV-2', 'BULK-1', { inventory_quantity: -1 }),
            variantEntry('BV-3', 'NOPE'),
            variantEntry('BV-4', 'BULK-3'),
          ],
        },
      },
    },
  })
  expect(vjob.status).toBe(202)
  await runJobsUntilIdle()
  const vstatus = await catalogApi('GET', `/api/catalog-variant-bulk-create-jobs/${vjob.json.data.id}`, key)
  expect(vstatus.json.data.attributes).toMatchObject({ status: 'complete', completed_count: 2, failed_count: 2 })
  const upd = await catalogApi('POST', '/api/catalog-variant-bulk-update-jobs', key, {
    data: {
      type: 'catalog-variant-bulk-update-job',
      attributes: {
        variants: {
          data: [
            { type: 'catalog-variant', id: id('BV-1'), attributes: { inventory_quantity: 50 } },
            { type: 'catalog-variant', id: id('BV-404'), attributes: { inventory_quantity: 1 } },
            { type: 'catalog-variant', id: id('BV-4'), attributes: { price: 'cheap' } },
          ],
        },
      },
    },
  })
  await runJobsUntilIdle()
  const ustatus = await catalogApi('GET', `/api/catalog-variant-bulk-update-jobs/${upd.json.data.id}`, key)
  expect(ustatus.json.data.attributes).toMatchObject({ completed_count: 1, failed_count: 2 })
  expect(ustatus.json.data.attributes.errors.map((e: { source: { pointer: string } }) => e.source.pointer)).toEqual([
    '/data/attributes/variants/data/1/id',
    '/data/attributes/variants/data/2/attributes/price',
  ])
  const bv1 = await db.catalogVariant.findFirstOrThrow({ where: { companyId, externalId: 'BV-1' } })
  expect(bv1.inventoryQuantity).toBe(50)
  expect(
    await db.catalogChange.count({ where: { variantId: bv1.id, kind: 'inventory', oldValue: 5, newValue: 50 } }),
  ).toBe(1)

  const del = await catalogApi('POST', '/api/catalog-item-bulk-delete-jobs', key, {
    data: {
      type: 'catalog-item-bulk-delete-job',
      attributes: {
        items: {
          data: [
            { type: 'catalog-item', id: id('BULK-3') },
            { type: 'catalog-item', id: id('GONE') },
          ],
        },
      },
    },
  })
  await runJobsUntilIdle()
  expect(
    (await catalogApi('GET', `/api/catalog-item-bulk-delete-jobs/${del.json.data.id}`, key)).json.data.attributes,
  ).toMatchObject({ completed_count: 1, failed_count: 1 })
  expect(await db.catalogVariant.count({ where: { companyId, externalId: 'BV-4' } })).toBe(0)

  // Categories: create, update (name), delete.
  const cjob = await catalogApi('POST', '/api/catalog-category-bulk-create-jobs', key, {
    data: {
      type: 'catalog-category-bulk-create-job',
      attributes: {
        categories: {
          data: [
            {
              type: 'catalog-category',
              attributes: { external_id: 'BC-1', name: 'One' },
              relationships: { items: { data: [{ type: 'catalog-item', id: id('BULK-1') }] } },
            },
            { type: 'catalog-category', attributes: { external_id: 'BC-2' } },
          ],
        },
      },
    },
  })
  await runJobsUntilIdle()
  expect(
    (await catalogApi('GET', `/api/catalog-category-bulk-create-jobs/${cjob.json.data.id}`, key)).json.data.attributes,
  ).toMatchObject({ completed_count: 1, failed_count: 1 })
  await catalogApi('POST', '/api/catalog-category-bulk-update-jobs', key, {
    data: {
      type: 'catalog-category-bulk-update-job',
      attributes: { categories: { data: [{ type: 'catalog-category', id: id('BC-1'), attributes: { name: 'Uno' } }] } },
    },
  })
  await runJobsUntilIdle()
  expect((await db.catalogCategory.findFirstOrThrow({ where: { companyId, externalId: 'BC-1' } })).name).toBe('Uno')
  await catalogApi('POST', '/api/catalog-category-bulk-delete-jobs', key, {
    data: {
      type: 'catalog-category-bulk-delete-job',
      attributes: { categories: { data: [{ type: 'catalog-category', id: id('BC-1') }] } },
    },
  })
  await catalogApi('POST', '/api/catalog-item-bulk-update-jobs', key, {
    data: {
      type: 'catalog-item-bulk-update-job',
      attributes: { items: { data: [{ type: 'catalog-item', id: id('BULK-1'), attributes: { price: 99 } }] } },
    },
  })
  await runJobsUntilIdle()
  expect(await db.catalogCategory.count({ where: { companyId, externalId: 'BC-1' } })).toBe(0)
  expect((await db.catalogItem.findFirstOrThrow({ where: { companyId, externalId: 'BULK-1' } })).price).toBe(99)

  // Limits: more than 100 entries, wrong job type; the job list with a status filter.
  const tooMany = await catalogApi('POST', '/api/catalog-item-bulk-create-jobs', key, {
    data: {
      type: 'catalog-item-bulk-create-job',
      attributes: {
        items: {
          data: Array.from({ length: 101 }, (_, i) => ({ type: 'catalog-item', attributes: itemAttrs(`M${i}`) })),
        },
      },
    },
  })
  expect(tooMany.status).toBe(400)
  expect(
    (
      await catalogApi('POST', '/api/catalog-item-bulk-create-jobs', key, {
        data: { type: 'catalog-item-bulk-update-job', attributes: { items: { data: [] } } },
      })
    ).status,
  ).toBe(400)
  const list = await catalogApi('GET', `/api/catalog-item-bulk-create-jobs?${filter('equals(status,"complete")')}`, key)
  expect(list.json.data.map((d: { id: string }) => d.id)).toContain(post.json.data.id)
})

test('cross-tenant: another company cannot see, change, link or bulk-edit these rows', async () => {
  await catalogApi('POST', '/api/catalog-items', key, itemBody('MINE', { price: 5 }))
  await catalogApi('POST', '/api/catalog-categories', key, {
    data: { type: 'catalog-category', attributes: { external_id: 'MINE-CAT', name: 'Mine' } },
  })
  expect((await catalogApi('GET', `/api/catalog-items/${enc('MINE')}`, otherKey)).status).toBe(404)
  expect(
    (
      await catalogApi('PATCH', `/api/catalog-items/${enc('MINE')}`, otherKey, {
        data: { type: 'catalog-item', id: id('MINE'), attributes: { price: 1 } },
      })
    ).status,
  ).toBe(404)
  expect((await catalogApi('DELETE', `/api/catalog-items/${enc('MINE')}`, otherKey)).status).toBe(404)
  expect((await catalogApi('GET', `/api/catalog-categories/${enc('MINE-CAT')}/items`, otherKey)).status).toBe(404)
  expect((await catalogApi('GET', '/api/catalog-items', otherKey)).json.data).toEqual([])
  // The other company may use the same external id for its own item.
  expect((await catalogApi('POST', '/api/catalog-items', otherKey, itemBody('MINE', { price: 7 }))).status).toBe(201)
  // …but cannot attach our item or variant to its rows.
  expect(
    (
      await catalogApi('POST', '/api/catalog-categories', otherKey, {
        data: {
          type: 'catalog-category',
          attributes: { external_id: 'THEIRS', name: 'T' },
          relationships: { items: { data: [{ type: 'catalog-item', id: id('MINE-NOT-THEIRS') }] } },
        },
      })
    ).status,
  ).toBe(404)
  const job = await catalogApi('POST', '/api/catalog-item-bulk-update-jobs', otherKey, {
    data: {
      type: 'catalog-item-bulk-update-job',
      attributes: { items: { data: [{ type: 'catalog-item', id: id('BULK-EXISTS'), attributes: { price: 0 } }] } },
    },
  })
  await runJobsUntilIdle()
  expect(
    (await catalogApi('GET', `/api/catalog-item-bulk-update-jobs/${job.json.data.id}`, otherKey)).json.data.attributes,
  ).toMatchObject({ completed_count: 0, failed_count: 1 })
  expect((await catalogApi('GET', `/api/catalog-item-bulk-update-jobs/${job.json.data.id}`, key)).status).toBe(404)
  expect((await db.catalogItem.findFirstOrThrow({ where: { companyId, externalId: 'MINE' } })).price).toBe(5)
  expect(
    (await db.catalogItem.findFirstOrThrow({ where: { companyId: otherCompanyId, externalId: 'MINE' } })).price,
  ).toBe(7)
})

describe('official SDK over HTTP', () => {
  let server: RouteServer
  beforeAll(async () => {
    server = await startCatalogServer()
  })
  afterAll(() => server.close())

  test('createCatalogItem, getCatalogItems, createCatalogVariant, categories, bulkCreateCatalogItems, update, delete', async () => {
    const api = new CatalogsApi(new ApiKeySession(key))
    api.basePath = server.url
    const c = await api.createCatalogItem({
      data: {
        type: 'catalog-item',
        attributes: {
          externalId: 'SDK-1',
          title: 'SDK item',
          description: 'd',
          url: 'https://shop.test/sdk',
          price: 20,
          customMetadata: { k: 'v' },
        },
      },
    } as never)
    expect(c.response.status).toBe(201)
    expect(c.body.data.id).toBe(id('SDK-1'))
    const got = await api.getCatalogItem(id('SDK-1'))
    expect(got.body.data.attributes.title).toBe('SDK item')
    const list = await api.getCatalogItems({ filter: 'contains(title,"SDK")' })
    expect(list.body.data.map((x) => x.id)).toEqual([id('SDK-1')])
    const v = await api.createCatalogVariant({
      data: {
        type: 'catalog-variant',
        attributes: {
          externalId: 'SDK-1-V',
          title: 'V',
          description: 'd',
          sku: 'S1',
          inventoryQuantity: 2,
          price: 19,
          url: 'https://shop.test/sdk/v',
        },
        relationships: { item: { data: { type: 'catalog-item', id: id('SDK-1') } } },
      },
    } as never)
    expect(v.body.data.attributes.inventoryQuantity).toBe(2)
    const vs = await api.getVariantsForCatalogItem(id('SDK-1'))
    expect(vs.body.data.map((x) => x.id)).toEqual([id('SDK-1-V')])
    await api.createCatalogCategory({
      data: { type: 'catalog-category', attributes: { externalId: 'SDK-CAT', name: 'SDK' } },
    } as never)
    await api.addItemsToCatalogCategory(id('SDK-CAT'), { data: [{ type: 'catalog-item', id: id('SDK-1') }] } as never)
    const ids = await api.getItemIdsForCatalogCategory(id('SDK-CAT'))
    expect(ids.body.data.map((x) => x.id)).toEqual([id('SDK-1')])
    const job = await api.bulkCreateCatalogItems({
      data: {
        type: 'catalog-item-bulk-create-job',
        attributes: {
          items: {
            data: [
              {
                type: 'catalog-item',
                attributes: { externalId: 'SDK-2', title: 't', description: 'd', url: 'https://shop.test/2' },
              },
            ],
          },
        },
      },
    } as never)
    expect(job.response.status).toBe(202)
    await runJobsUntilIdle()
    const status = await api.getBulkCreateCatalogItemsJob(job.body.data.id)
    expect(status.body.data.attributes).toMatchObject({ status: 'complete', completedCount: 1, failedCount: 0 })
    const upd = await api.updateCatalogVariant(id('SDK-1-V'), {
      data: { type: 'catalog-variant', id: id('SDK-1-V'), attributes: { inventoryQuantity: 9 } },
    } as never)
    expect(upd.body.data.attributes.inventoryQuantity).toBe(9)
    await api.deleteCatalogItem(id('SDK-2'))
    expect(await db.catalogItem.count({ where: { companyId, externalId: 'SDK-2' } })).toBe(0)
  })
})
