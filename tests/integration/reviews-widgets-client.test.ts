/** @jest-environment node */
// What the onsite carousel and store reviews widgets ask /client/reviews (issue 24 §1), through
// the real handler on SQLite: the carousel's filter (reviews of four and five stars, optionally of
// one product) and the store widget's (review_type store) return published and featured reviews
// only, of the key's company only, with their photos; a status filter cannot widen that.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)

import { db } from '@/lib/db/client'
import { ulid } from '@/lib/ids/make-id'
import { resetRateLimits } from '@/lib/api/rate-limit'
import * as clientReviews from '@/app/client/reviews/route'
import { makeCompany } from '../helpers/factory'
import { routeTable } from '../helpers/route-table'

const table = routeTable([['/client/reviews', clientReviews]])
let a: Awaited<ReturnType<typeof makeCompany>>
let b: Awaited<ReturnType<typeof makeCompany>>
const CAROUSEL = 'equals(review_type,"review"),greater-or-equal(rating,4)'
const STORE = 'equals(review_type,"store")'

async function client(publicKey: string, filter: string) {
  resetRateLimits()
  const res = await table.dispatch(
    new Request(
      `http://localhost:3000/client/reviews?company_id=${publicKey}&filter=${encodeURIComponent(filter)}&sort=-created&page[size]=12`,
      { headers: { origin: 'https://shop.example', revision: '2026-07-15' } },
    ),
  )
  const json = await res.json()
  return {
    status: res.status,
    titles: (json.data ?? []).map((d: { attributes: { title: string } }) => d.attributes.title),
    json,
  }
}

beforeAll(async () => {
  a = await makeCompany('Widgets A')
  b = await makeCompany('Widgets B')
  let t = Date.parse('2026-05-01T00:00:00Z')
  const add = async (companyId: number, title: string, o: Record<string, unknown>) => {
    t += 1000
    const product = o.reviewType === 'store' ? null : ((o.product as string) ?? 'MUG')
    await db.review.create({
      data: {
        id: ulid(t),
        companyId,
        catalogItemId: null,
        productKey: product ?? '$store',
        productExternalId: product,
        reviewType: 'review',
        rating: 5,
        title,
        authorName: 'Ana',
        authorEmail: 'ana@x.test',
        status: 'published',
        createdAt: new Date(t),
        ...Object.fromEntries(Object.entries(o).filter(([k]) => k !== 'product')),
      },
    })
  }
  await add(a.id, 'five', { images: JSON.stringify(['https://app.example/media/review-images/abcdefgh.png']) })
  await add(a.id, 'four featured', { rating: 4, status: 'featured' })
  await add(a.id, 'three', { rating: 3 })
  await add(a.id, 'pending five', { status: 'pending' })
  await add(a.id, 'rejected five', { status: 'rejected' })
  await add(a.id, 'cap five', { product: 'CAP' })
  await add(a.id, 'store published', { reviewType: 'store' })
  await add(a.id, 'store pending', { reviewType: 'store', status: 'pending' })
  await add(b.id, 'other company', {})
  await add(b.id, 'other store', { reviewType: 'store' })
})

test('the carousel: published and featured reviews of 4–5 stars, of one product when asked, with photos', async () => {
  const all = await client(a.publicApiKey, CAROUSEL)
  expect(all.status).toBe(200)
  expect(all.titles).toEqual(['cap five', 'four featured', 'five'])
  const five = all.json.data.find((d: { attributes: { title: string } }) => d.attributes.title === 'five')
  expect(five.attributes.images).toEqual(['https://app.example/media/review-images/abcdefgh.png'])
  expect(five.attributes.email).toBeUndefined()
  const mug = await client(a.publicApiKey, `${CAROUSEL},equals(product_external_ids,"MUG")`)
  expect(mug.titles).toEqual(['four featured', 'five'])
  // a status filter only narrows
  expect((await client(a.publicApiKey, `${CAROUSEL},equals(status,"pending")`)).titles).toEqual([])
})

test("store reviews: review_type store, published only, the key's company only", async () => {
  expect((await client(a.publicApiKey, STORE)).titles).toEqual(['store published'])
  expect((await client(b.publicApiKey, STORE)).titles).toEqual(['other store'])
})
