/** @jest-environment node */
// The catalog store's set-based Ops directly (the path feeds, CSV and the seed use): upserts by
// external id (create, then update with changes recorded only when price/inventory move),
// per-entry errors that leave the other entries applied, links from both sides, and company scope.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)

import { db } from '@/lib/db/client'
import { makeCompany } from '../helpers/factory'
import { fromApiId, toApiId } from '@/lib/ids/catalog-api-id'
import { CatalogError } from '@/lib/catalog/store/catalog-error'
import { createCategoriesOps } from '@/lib/catalog/store/categories'
import { setItemCategoryLinksOps } from '@/lib/catalog/store/item-category-links'
import { createItemOps, deleteItemsOps, upsertItemsOps } from '@/lib/catalog/store/items'
import { runCatalogWrite } from '@/lib/catalog/store/run-write'
import { upsertVariantsOps, updateVariantOps } from '@/lib/catalog/store/variants'

let a: number
let b: number
beforeAll(async () => {
  a = (await makeCompany('Store A')).id
  b = (await makeCompany('Store B')).id
})

const item = (externalId: string, price: number | null = 10) => ({
  externalId,
  title: `T ${externalId}`,
  description: '',
  url: '',
  price,
})

test('ids: round trip, only $custom:::$default, external ids may contain :::', () => {
  expect(toApiId('A-1')).toBe('$custom:::$default:::A-1')
  expect(fromApiId('$custom:::$default:::x:::y')).toEqual({
    integrationKey: '$custom',
    catalogName: '$default',
    externalId: 'x:::y',
  })
  expect(fromApiId('$shopify:::$default:::x')).toBeNull()
  expect(fromApiId('$custom:::$default:::')).toBeNull()
  expect(fromApiId('plain')).toBeNull()
})

test('upserts: create then update by external id; changes only when price or inventory move; bad entries reported, others applied', async () => {
  const now = new Date('2026-05-01T10:00:00Z')
  const first = await runCatalogWrite(() =>
    upsertItemsOps(a, [item('U1', 20), item('U2', 30), { ...item('U3'), price: -1 }, item('U1', 5)], now),
  )
  expect(first.map((r) => r.ok)).toEqual([true, true, false, false])
  expect(first[0]).toMatchObject({ ok: true, created: true })
  expect(first[3]).toMatchObject({ ok: false, errors: [{ field: 'externalId', code: 'conflict' }] })
  const v = await runCatalogWrite(() =>
    upsertVariantsOps(
      a,
      [
        {
          externalId: 'U1-V',
          itemExternalId: 'U1',
          title: 'v',
          description: '',
          sku: 'S',
          price: 20,
          inventoryQuantity: 2,
          url: '',
        },
        {
          externalId: 'U9-V',
          itemExternalId: 'U9',
          title: 'v',
          description: '',
          sku: 'S',
          price: 20,
          inventoryQuantity: 2,
          url: '',
        },
      ],
      now,
    ),
  )
  expect(v.map((r) => r.ok)).toEqual([true, false])
  expect(await db.catalogChange.count({ where: { companyId: a } })).toBe(0)

  const later = new Date('2026-05-02T10:00:00Z')
  const second = await runCatalogWrite(() => upsertItemsOps(a, [item('U1', 15), item('U2', 30)], later))
  expect(second).toEqual([
    { ok: true, id: (first[0] as { id: string }).id, created: false },
    { ok: true, id: (first[1] as { id: string }).id, created: false },
  ])
  await runCatalogWrite(() =>
    upsertVariantsOps(
      a,
      [
        {
          externalId: 'U1-V',
          itemExternalId: 'U1',
          title: 'v2',
          description: '',
          sku: 'S',
          price: 20,
          inventoryQuantity: 8,
          url: '',
        },
      ],
      later,
    ),
  )
  const changes = await db.catalogChange.findMany({ where: { companyId: a }, orderBy: { id: 'asc' } })
  expect(changes.map((c) => [c.kind, c.variantId === null, c.oldValue, c.newValue, c.at.toISOString()])).toEqual([
    ['price', true, 20, 15, later.toISOString()],
    ['inventory', false, 2, 8, later.toISOString()],
  ])
  expect(await db.job.count({ where: { type: 'catalog.changes', companyId: a } })).toBe(
    process.env.TEST_DB === 'postgres' ? 0 : 2,
  )
})

test('links and company scope: another company cannot update, link or delete; single helpers throw CatalogError', async () => {
  const now = new Date()
  const itemId = await runCatalogWrite(() => createItemOps(a, item('L1'), now))
  const [cat] = await runCatalogWrite(() => createCategoriesOps(b, [{ externalId: 'B-CAT', name: 'B' }], now))
  const catB = (cat as { id: string }).id
  await expect(
    runCatalogWrite(() => setItemCategoryLinksOps(a, 'item', itemId, [catB], 'add', now)),
  ).rejects.toMatchObject({ status: 404 })
  await expect(
    runCatalogWrite(() => setItemCategoryLinksOps(b, 'category', catB, [itemId], 'add', now)),
  ).rejects.toBeInstanceOf(CatalogError)
  const v = await runCatalogWrite(() =>
    upsertVariantsOps(
      a,
      [{ externalId: 'L1-V', itemId, title: 'v', description: '', sku: 'S', price: 1, inventoryQuantity: 1, url: '' }],
      now,
    ),
  )
  const variantId = (v[0] as { id: string }).id
  await expect(
    runCatalogWrite(() => updateVariantOps(b, variantId, { inventoryQuantity: 0 }, now)),
  ).rejects.toMatchObject({ status: 404 })
  expect(await runCatalogWrite(() => deleteItemsOps(b, [itemId], now))).toEqual([
    { ok: false, errors: [expect.objectContaining({ code: 'not_found' })] },
  ])
  expect(await db.catalogItem.count({ where: { id: itemId } })).toBe(1)
  expect(await db.catalogItemCategory.count()).toBe(0)
})
