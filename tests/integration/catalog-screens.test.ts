/** @jest-environment node */
// K4: the catalog screens' read queries (paging of 25, filters, another company's rows never
// visible) and the product feed for ads (published items only, out-of-stock policy-1 variants
// hidden, the public URL guarded by its token).
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)

import { db } from '@/lib/db/client'
import { ulid } from '@/lib/ids/make-id'
import { catalogOverview, getItem, getVariant, listCategories, listItems } from '@/lib/catalog/queries'
import {
  createProductFeed,
  deleteProductFeed,
  productFeedEntries,
  ProductFeedError,
  updateProductFeed,
} from '@/lib/catalog/product-feed'
import { GET as feedRoute } from '@/app/product-feed/[id]/route'
import { makeCompany } from '../helpers/factory'

let a: number
let b: number
let catShoes: string
let seq = 0

async function item(
  companyId: number,
  o: { title: string; published?: boolean; sourceId?: string; price?: number | null },
) {
  const id = ulid(Date.UTC(2026, 0, 1) + ++seq * 1000)
  await db.catalogItem.create({
    data: {
      id,
      companyId,
      externalId: `EXT-${seq}`,
      title: o.title,
      url: `https://shop.test/p/${seq}`,
      price: o.price === undefined ? 10 : o.price,
      published: o.published ?? true,
      sourceId: o.sourceId ?? 'api',
      imageFullUrl: `https://shop.test/i/${seq}.png`,
    },
  })
  return id
}
async function variant(
  companyId: number,
  itemId: string,
  o: { inv: number; policy: 0 | 1 | 2; published?: boolean; price?: number },
) {
  const id = ulid(Date.UTC(2026, 0, 1) + ++seq * 1000)
  await db.catalogVariant.create({
    data: {
      id,
      companyId,
      itemId,
      externalId: `VAR-${seq}`,
      title: `Variant ${seq}`,
      sku: `SKU-${seq}`,
      price: o.price ?? 12.5,
      inventoryQuantity: o.inv,
      inventoryPolicy: o.policy,
      published: o.published ?? true,
    },
  })
  return id
}

beforeAll(async () => {
  a = (await makeCompany('Catalog screens A')).id
  b = (await makeCompany('Catalog screens B')).id
  catShoes = ulid()
  await db.catalogCategory.create({ data: { id: catShoes, companyId: a, externalId: 'shoes', name: 'Shoes' } })
  for (let i = 0; i < 30; i++) {
    const id = await item(a, {
      title: i % 3 === 0 ? `Blue Shoe ${i}` : `Red Hat ${i}`,
      published: i % 5 !== 0,
      sourceId: i < 10 ? 'SRC1' : 'api',
    })
    if (i % 3 === 0) await db.catalogItemCategory.create({ data: { companyId: a, itemId: id, categoryId: catShoes } })
  }
  await item(b, { title: 'Blue Shoe of B' })
})

describe('catalog queries', () => {
  it('pages items 25 at a time with a cursor, newest first, and sees no other company', async () => {
    const p1 = await listItems(a)
    expect(p1.rows).toHaveLength(25)
    expect(p1.nextCursor).toBe(p1.rows[24]!.id)
    const p2 = await listItems(a, { cursor: p1.nextCursor })
    expect(p2.rows).toHaveLength(5)
    expect(p2.nextCursor).toBeNull()
    const all = [...p1.rows, ...p2.rows]
    expect(new Set(all.map((r) => r.id)).size).toBe(30)
    expect(all.map((r) => r.id)).toEqual([...all.map((r) => r.id)].sort().reverse())
    expect(all.some((r) => r.title.includes('of B'))).toBe(false)
  })

  it('filters by search, published, category and source', async () => {
    const shoes = await listItems(a, { search: 'Shoe' })
    expect(shoes.rows).toHaveLength(10)
    expect(shoes.rows.every((r) => r.title.startsWith('Blue Shoe'))).toBe(true)
    expect((await listItems(a, { published: false })).rows).toHaveLength(6)
    const inCat = await listItems(a, { categoryId: catShoes })
    expect(inCat.rows).toHaveLength(10)
    expect((await listItems(a, { sourceId: 'SRC1' })).rows).toHaveLength(10)
    expect(
      (await listItems(a, { categoryId: catShoes, published: true, sourceId: 'SRC1' })).rows.map((r) => r.title).sort(),
    ).toEqual(['Blue Shoe 3', 'Blue Shoe 6', 'Blue Shoe 9'])
    // Company B's category id gives A nothing, and B's search never finds A's items.
    expect((await listItems(b, { categoryId: catShoes })).rows).toHaveLength(0)
    expect((await listItems(b, { search: 'Red Hat' })).rows).toHaveLength(0)
  })

  it('reads one item, variant and the categories only within the company', async () => {
    const first = (await listItems(a, { search: 'Blue Shoe 3' })).rows[0]!
    const v = await variant(a, first.id, { inv: 4, policy: 0 })
    await db.catalogChange.create({
      data: { companyId: a, itemId: first.id, variantId: v, kind: 'price', oldValue: 20, newValue: 12.5 },
    })
    const got = await getItem(a, first.id)
    expect(got?.categories.map((c) => c.name)).toEqual(['Shoes'])
    expect(got?.variants.map((x) => x.id)).toEqual([v])
    expect(await getItem(b, first.id)).toBeNull()
    const gv = await getVariant(a, v)
    expect(gv?.priceHistory).toEqual([expect.objectContaining({ oldValue: 20, newValue: 12.5 })])
    expect(gv?.item?.id).toBe(first.id)
    expect(await getVariant(b, v)).toBeNull()
    const cats = await listCategories(a)
    expect(cats.rows).toEqual([expect.objectContaining({ name: 'Shoes', items: 10 })])
    expect((await listCategories(b)).rows).toHaveLength(0)
    const ov = await catalogOverview(a)
    expect(ov).toMatchObject({ items: 30, published: 24, variants: 1, categories: 1 })
    expect((await catalogOverview(b)).items).toBe(1)
    await db.catalogVariant.delete({ where: { id: v } })
  })
})

describe('product feed for ads', () => {
  it('lists published items; hides out-of-stock policy-1 variants; keeps other policies', async () => {
    const c = (await makeCompany('Feed C')).id
    const shirt = await item(c, { title: 'Shirt' })
    const inStock = await variant(c, shirt, { inv: 3, policy: 1, price: 20 })
    const hidden = await variant(c, shirt, { inv: 0, policy: 1 })
    const shownOut = await variant(c, shirt, { inv: 0, policy: 0 })
    const backorder = await variant(c, shirt, { inv: 0, policy: 2 })
    const unpub = await variant(c, shirt, { inv: 9, policy: 0, published: false })
    const draft = await item(c, { title: 'Draft', published: false })
    await variant(c, draft, { inv: 9, policy: 0 })
    await item(c, { title: 'Gift card', price: 25 })
    const ext = async (id: string) => (await db.catalogVariant.findUniqueOrThrow({ where: { id } })).externalId
    const entries = await productFeedEntries(c, { currency: 'EUR' })
    const ids = entries.map((e) => e.id)
    expect(ids).toContain(await ext(inStock))
    expect(ids).not.toContain(await ext(hidden))
    expect(ids).not.toContain(await ext(unpub))
    const byId = new Map(entries.map((e) => [e.id, e]))
    expect(byId.get(await ext(shownOut))?.availability).toBe('out_of_stock')
    expect(byId.get(await ext(backorder))?.availability).toBe('in_stock')
    expect(byId.get(await ext(inStock))).toMatchObject({
      price: '20.00 EUR',
      availability: 'in_stock',
      title: expect.stringContaining('Variant'),
    })
    expect(entries.filter((e) => e.title === 'Gift card')).toHaveLength(1)
    expect(entries).toHaveLength(4)
    expect(entries.some((e) => e.title === 'Draft')).toBe(false)
  })

  it('serves XML and JSON at the public URL with its token only; validates input; scoped by company', async () => {
    const c = (await makeCompany('Feed D')).id
    const it1 = await item(c, { title: 'Mug & <Co>' })
    await variant(c, it1, { inv: 2, policy: 1, price: 9 })
    await expect(createProductFeed(c, { name: '', format: 'csv' })).rejects.toBeInstanceOf(ProductFeedError)
    await expect(createProductFeed(c, { name: 'X', categoryIds: [catShoes] })).rejects.toMatchObject({
      fieldErrors: [{ field: 'categoryIds', message: 'Unknown category.' }],
    })
    const feed = await createProductFeed(c, { name: 'Google Shopping', format: 'xml', currency: 'USD' })
    const call = (id: string, token: string) =>
      feedRoute(new Request(`http://localhost/product-feed/${id}?token=${encodeURIComponent(token)}`), {
        params: Promise.resolve({ id }),
      })
    const res = await call(feed.id, feed.token)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('application/xml')
    const xml = await res.text()
    expect(xml).toContain('xmlns:g="http://base.google.com/ns/1.0"')
    expect(xml).toContain('<g:price>9.00 USD</g:price>')
    expect(xml).toContain('<g:availability>in_stock</g:availability>')
    expect((await call(feed.id, 'wrong-token-wrong-token-wrong-tok')).status).toBe(404)
    expect((await call(feed.id, '')).status).toBe(404)
    // Another company cannot edit or delete it; JSON after the owner's edit, with a new token.
    expect(await updateProductFeed(a, feed.id, { name: 'Hijack' })).toBeNull()
    expect(await deleteProductFeed(a, feed.id)).toBe(false)
    const edited = await updateProductFeed(c, feed.id, { name: 'JSON feed', format: 'json' }, { rotateToken: true })
    expect(edited?.token).not.toBe(feed.token)
    expect((await call(feed.id, feed.token)).status).toBe(404)
    const json = await (await call(feed.id, edited!.token)).json()
    expect(json.items).toEqual([
      expect.objectContaining({
        price: '9.00 USD',
        availability: 'in_stock',
        title: expect.stringContaining('Variant'),
      }),
    ])
    expect(await deleteProductFeed(c, feed.id)).toBe(true)
  })
})
