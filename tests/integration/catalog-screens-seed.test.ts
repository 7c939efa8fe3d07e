/** @jest-environment node */
// K4: the demo catalog seed — counts, the seeded events' product ids are catalog items, a coupon
// with codes, three catalog flows as drafts; quick; the public product feed hides sold-out
// policy-1 variants of the seeded catalog.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(120_000)

import { db } from '@/lib/db/client'
import { seedCatalog } from '@/lib/seed/seed-catalog'
import { PRODUCTS } from '@/lib/seed/catalog'
import { productFeedEntries } from '@/lib/catalog/product-feed'
import { GET as image } from '@/app/catalog-image/[id]/route'
import { makeCompany } from '../helpers/factory'

it('seeds a realistic catalog linked to the store events, a coupon and three draft catalog flows', async () => {
  const c = (await makeCompany('Seeded store')).id
  const other = (await makeCompany('Other store')).id
  const r = await seedCatalog(c, { now: new Date('2026-11-01T00:00:00Z') })
  expect(r.categories).toBe(7)
  expect(r.items).toBeGreaterThanOrEqual(250)
  expect(r.items).toBeLessThanOrEqual(400)
  expect(r.variants).toBeGreaterThan(r.items)
  expect(r.ms).toBeLessThan(30_000)
  expect(await db.catalogItem.count({ where: { companyId: c } })).toBe(r.items)
  expect(await db.catalogVariant.count({ where: { companyId: c } })).toBe(r.variants)
  expect(await db.catalogItemCategory.count({ where: { companyId: c } })).toBe(r.items)
  expect(await db.catalogItem.count({ where: { companyId: other } })).toBe(0)
  // Every product the seeded events name (ProductID) is an item of the catalog.
  const ext = new Set(
    (await db.catalogItem.findMany({ where: { companyId: c }, select: { externalId: true } })).map((i) => i.externalId),
  )
  for (const p of PRODUCTS) expect(ext.has(p.id)).toBe(true)
  // Coupon and codes.
  expect(await db.coupon.count({ where: { companyId: c } })).toBe(1)
  expect(await db.couponCode.count({ where: { companyId: c, status: 'UNASSIGNED' } })).toBe(r.couponCodes)
  // Three catalog flows, drafts.
  const flows = await db.flow.findMany({ where: { companyId: c, id: { in: r.flows } } })
  expect(flows).toHaveLength(3)
  // Sold-out policy-1 variants are not in the product feed; sold-out policy-0 ones are.
  const hidden = await db.catalogVariant.findMany({
    where: { companyId: c, inventoryPolicy: 1, inventoryQuantity: 0 },
    select: { externalId: true },
  })
  const shown = await db.catalogVariant.findMany({
    where: { companyId: c, inventoryPolicy: 0, inventoryQuantity: 0 },
    select: { externalId: true, itemId: true },
  })
  expect(hidden.length).toBeGreaterThan(0)
  const feedIds = new Set((await productFeedEntries(c, { currency: 'USD' })).map((e) => e.id))
  for (const v of hidden) expect(feedIds.has(v.externalId)).toBe(false)
  const publishedItems = new Set(
    (await db.catalogItem.findMany({ where: { companyId: c, published: true }, select: { id: true } })).map(
      (i) => i.id,
    ),
  )
  for (const v of shown.filter((s) => publishedItems.has(s.itemId))) expect(feedIds.has(v.externalId)).toBe(true)
  // Images are served locally.
  const res = await image(new Request('http://localhost/catalog-image/7401000'), {
    params: Promise.resolve({ id: '7401000' }),
  })
  expect(res.headers.get('content-type')).toBe('image/svg+xml')
  expect(await res.text()).toContain('<svg')
})
