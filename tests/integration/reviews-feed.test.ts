/** @jest-environment node */
// The product reviews feed (issue 24 §1 syndication): GET /reviews/feed/{publicKey}.xml in
// Google's Product Reviews schema, published and featured product reviews only, every text
// escaped (markup, quotes, ampersands, characters XML cannot carry), other companies' reviews
// never in it, and a 404 for an unknown key or a company without reviews.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)

import { JSDOM } from 'jsdom'
import { db } from '@/lib/db/client'
import { setFeatureFlag } from '@/lib/flags/get-feature-flags'
import { ulid } from '@/lib/ids/make-id'
import * as feedRoute from '@/app/reviews/feed/[file]/route'
import { makeCompany, params } from '../helpers/factory'

let A: { id: number; publicApiKey: string }
let B: { id: number; publicApiKey: string }

async function get(file: string) {
  const res = await feedRoute.GET(new Request(`http://localhost:3000/reviews/feed/${file}`), params({ file }))
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() }
}

async function review(companyId: number, item: string, status: string, body: string, extra: object = {}) {
  await db.review.create({
    data: {
      id: ulid(),
      companyId,
      catalogItemId: item,
      productKey: item,
      productExternalId: item,
      rating: 4,
      body,
      authorName: 'Ana & "Bo" <script>',
      authorEmail: 'ana@x.test',
      status,
      ...extra,
    },
  })
}

beforeAll(async () => {
  A = await makeCompany('Shop <A> & Co')
  B = await makeCompany()
  await setFeatureFlag(A.id, 'is_reviews_enabled', true)
  await setFeatureFlag(B.id, 'is_reviews_enabled', true)
  await db.catalogItem.create({
    data: { id: 'IA', companyId: A.id, externalId: 'SKU&1', title: 'Mug <b>', url: 'https://shop.test/mug?a=1&b=2' },
  })
  await db.catalogItem.create({
    data: { id: 'IB', companyId: B.id, externalId: 'BOOT', title: 'Boot', url: 'https://b.test/boot' },
  })
  await review(A.id, 'IA', 'published', 'Great </content><is_spam>true</is_spam> mug \u0001 ok', {
    title: "It's <i>fine</i>",
  })
  await review(A.id, 'IA', 'featured', 'Featured one')
  await review(A.id, 'IA', 'pending', 'Waiting review')
  await review(A.id, 'IA', 'rejected', 'Rejected review')
  await review(B.id, 'IB', 'published', 'Company B review')
})

test('published and featured product reviews of the company, escaped, in the Google schema', async () => {
  const r = await get(`${A.publicApiKey}.xml`)
  expect(r.status).toBe(200)
  expect(r.type).toBe('application/xml; charset=utf-8')
  // a strict XML parser reads it (a parse error would be a <parsererror> document)
  const doc = new new JSDOM('').window.DOMParser().parseFromString(r.text, 'application/xml')
  expect(doc.getElementsByTagName('parsererror')).toHaveLength(0)
  const text = (el: Element | Document, tag: string) => el.getElementsByTagName(tag)[0]?.textContent
  expect(doc.documentElement.tagName).toBe('feed')
  expect(text(doc, 'version')).toBe('2.3')
  expect(text(doc.getElementsByTagName('publisher')[0]!, 'name')).toBe('Shop <A> & Co')
  const reviews = [...doc.getElementsByTagName('review')]
  expect(reviews.map((x) => text(x, 'content'))).toEqual([
    'Great </content><is_spam>true</is_spam> mug  ok',
    'Featured one',
  ])
  const first = reviews[0]!
  expect(text(first, 'title')).toBe("It's <i>fine</i>")
  expect(text(first.getElementsByTagName('reviewer')[0]!, 'name')).toBe('Ana & "Bo" <script>')
  expect(first.getElementsByTagName('is_spam')).toHaveLength(1)
  expect(text(first, 'is_spam')).toBe('false')
  const overall = first.getElementsByTagName('overall')[0]!
  expect([overall.textContent, overall.getAttribute('min'), overall.getAttribute('max')]).toEqual(['4', '1', '5'])
  expect(text(first, 'sku')).toBe('SKU&1')
  expect(text(first, 'product_name')).toBe('Mug <b>')
  expect(text(first, 'product_url')).toBe('https://shop.test/mug?a=1&b=2')
  expect(r.text).not.toContain('<script>')
  expect(r.text).not.toContain('Waiting review')
  expect(r.text).not.toContain('Company B review')
})

test('an unknown key, a bad file name or a company without reviews: 404', async () => {
  expect((await get('NOPE.xml')).status).toBe(404)
  expect((await get(`${A.publicApiKey}.json`)).status).toBe(404)
  await setFeatureFlag(B.id, 'is_reviews_enabled', false)
  expect((await get(`${B.publicApiKey}.xml`)).status).toBe(404)
})
