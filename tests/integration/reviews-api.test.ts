/** @jest-environment node */
// Product reviews on the public surface (issue 24 §1): POST /client/reviews (validation with
// pointers, nothing written on refusal, 409 for a second review from the same order, text kept
// as text, the Submitted Review event), GET /client/reviews (published only, paged), the
// review-values report, /api/reviews list/get/PATCH (the official SDK over HTTP) and tenancy.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)

import { ApiKeySession, ReviewsApi } from 'klaviyo-api'
import { db } from '@/lib/db/client'
import { inWriteTx } from '@/lib/db/ops'
import { createItemOps } from '@/lib/catalog/store/items'
import { prepareCatalogWrite } from '@/lib/catalog/store/run-write'
import { ingestEvents } from '@/lib/events/ingest-events'
import { SUBMITTED_REVIEW_METRIC } from '@/lib/reviews/submit-review'
import * as reviewsRoute from '@/app/api/reviews/route'
import * as reviewRoute from '@/app/api/reviews/[id]/route'
import * as clientReviews from '@/app/client/reviews/route'
import * as clientReport from '@/app/client/review-values-reports/route'
import { resetRateLimits } from '@/lib/api/rate-limit'
import { makeCompany } from '../helpers/factory'
import { makeApiKey } from '../helpers/route-server'
import { routeTable, type RouteServer } from '../helpers/route-table'

const table = routeTable([
  ['/api/reviews', reviewsRoute],
  ['/api/reviews/:id', reviewRoute],
  ['/client/reviews', clientReviews],
  ['/client/review-values-reports', clientReport],
])

let a: Awaited<ReturnType<typeof makeCompany>>
let b: Awaited<ReturnType<typeof makeCompany>>
let keyA: string
let keyB: string
const T0 = new Date()

const review = (attributes: Record<string, unknown> = {}, orderId?: string) => ({
  data: {
    type: 'review',
    attributes: {
      review_type: 'review',
      email: 'ana@example.test',
      author: 'Ana',
      content: 'Fits well and the colour is as shown.',
      title: 'Great mug',
      rating: 5,
      product: { external_id: 'MUG', integration_key: 'shopify' },
      ...attributes,
    },
    ...(orderId ? { relationships: { order: { data: { type: 'order', id: orderId } } } } : {}),
  },
})

async function client(method: string, path: string, publicKey: string, body?: unknown) {
  resetRateLimits()
  const sep = path.includes('?') ? '&' : '?'
  const res = await table.dispatch(
    new Request(`http://localhost:3000${path}${sep}company_id=${publicKey}`, {
      method,
      headers: { 'content-type': 'application/json', origin: 'https://shop.example', revision: '2026-07-15' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  )
  const text = await res.text()
  return { status: res.status, json: text ? JSON.parse(text) : null }
}
const api = (method: string, path: string, key: string, body?: unknown) => {
  resetRateLimits()
  return table.call(method, path, key, body)
}
const pointers = (json: { errors: Array<{ source?: { pointer?: string } }> }) =>
  json.errors.map((e) => e.source?.pointer)

beforeAll(async () => {
  await prepareCatalogWrite()
  a = await makeCompany('Reviews A')
  b = await makeCompany('Reviews B')
  keyA = await makeApiKey(a.id)
  keyB = await makeApiKey(b.id)
  for (const [cid, ext] of [
    [a.id, 'MUG'],
    [a.id, 'CAP'],
    [b.id, 'BOOT'],
  ] as const)
    await inWriteTx(() =>
      createItemOps(
        cid,
        { externalId: ext, title: ext, description: 'd', url: `https://shop.test/${ext}`, price: 9 },
        T0,
      ),
    )
  // An order of company A with the mug in it: the reviewer is a verified buyer.
  await ingestEvents(a.id, [
    {
      metric: { name: 'Ordered Product' },
      profile: { email: 'ana@example.test' },
      properties: { OrderId: '1001', ProductID: 'MUG' },
      uniqueId: '1001:1',
    },
  ])
})

test('bad input: 400 with a pointer per field, nothing written', async () => {
  const cases: Array<[Record<string, unknown>, string]> = [
    [{ rating: undefined }, '/data/attributes/rating'],
    [{ rating: 0 }, '/data/attributes/rating'],
    [{ rating: 6 }, '/data/attributes/rating'],
    [{ rating: 4.5 }, '/data/attributes/rating'],
    [{ content: 'x'.repeat(5001) }, '/data/attributes/content'],
    [{ title: 't'.repeat(201) }, '/data/attributes/title'],
    [{ email: 'not-an-email' }, '/data/attributes/email'],
    [{ images: ['javascript:alert(1)'] }, '/data/attributes/images/0'],
    [{ product: undefined }, '/data/attributes/product'],
  ]
  for (const [attrs, pointer] of cases) {
    const r = await client('POST', '/client/reviews', a.publicApiKey, review(attrs))
    expect([r.status, attrs]).toEqual([400, attrs])
    expect(pointers(r.json)).toContain(pointer)
  }
  // Another company's product, or none at all: 400 on the product's external id.
  for (const ext of ['BOOT', 'NOPE']) {
    const r = await client(
      'POST',
      '/client/reviews',
      a.publicApiKey,
      review({ product: { external_id: ext, integration_key: 'shopify' } }),
    )
    expect(r.status).toBe(400)
    expect(pointers(r.json)).toContain('/data/attributes/product/external_id')
  }
  expect(await db.review.count()).toBe(0)
  expect(await db.event.count({ where: { metric: { name: SUBMITTED_REVIEW_METRIC } } })).toBe(0)
})

test('a review: 202, stored as text, verified from the order, published, one Submitted Review event; the same order again is 409', async () => {
  const html = '<script>alert("x")</script> Love it & more'
  const r = await client('POST', '/client/reviews', a.publicApiKey, review({ content: html }, '1001'))
  expect(r.status).toBe(202)
  const row = await db.review.findFirstOrThrow({ where: { companyId: a.id } })
  expect(row).toMatchObject({ body: html, verified: true, status: 'published', orderKey: '1001', rating: 5 })
  const profile = await db.profile.findFirstOrThrow({ where: { companyId: a.id, email: 'ana@example.test' } })
  expect(row.profileId).toBe(profile.id)
  const events = await db.event.findMany({ where: { companyId: a.id, metric: { name: SUBMITTED_REVIEW_METRIC } } })
  expect(events).toHaveLength(1)
  expect(JSON.parse(events[0]!.properties)).toMatchObject({ Rating: 5, ProductID: 'MUG', Verified: true })

  const dup = await client('POST', '/client/reviews', a.publicApiKey, review({ content: 'Again' }, '1001'))
  expect(dup.status).toBe(409)
  expect(dup.json.errors[0].source.pointer).toBe('/data/relationships/order/data/id')
  expect(await db.review.count({ where: { companyId: a.id } })).toBe(1)
  expect(await db.event.count({ where: { companyId: a.id, metric: { name: SUBMITTED_REVIEW_METRIC } } })).toBe(1)

  // Not in the order: kept, not verified. Held back by a rule: pending with its flag.
  expect(
    (
      await client(
        'POST',
        '/client/reviews',
        a.publicApiKey,
        review({ product: { external_id: 'CAP', integration_key: 'shopify' }, rating: 4 }, '1001'),
      )
    ).status,
  ).toBe(202)
  expect(
    (
      await client(
        'POST',
        '/client/reviews',
        a.publicApiKey,
        review({ content: 'Buy cheap at www.spam.test now', rating: 3 }),
      )
    ).status,
  ).toBe(202)
  const cap = await db.review.findFirstOrThrow({ where: { companyId: a.id, productExternalId: 'CAP' } })
  expect(cap.verified).toBe(false)
  const spam = await db.review.findFirstOrThrow({ where: { companyId: a.id, rating: 3 } })
  expect(spam.status).toBe('pending')
  expect(JSON.parse(spam.flags)).toEqual(['links'])

  // Ana's order 1002 has the mug; Eve naming it is not a verified buyer.
  await ingestEvents(a.id, [
    {
      metric: { name: 'Ordered Product' },
      profile: { email: 'ana@example.test' },
      properties: { OrderId: '1002', ProductID: 'MUG' },
      uniqueId: '1002:1',
    },
  ])
  expect(
    (await client('POST', '/client/reviews', a.publicApiKey, review({ email: 'eve@example.test' }, '1002'))).status,
  ).toBe(202)
  const eve = await db.review.findFirstOrThrow({ where: { companyId: a.id, authorEmail: 'eve@example.test' } })
  expect(eve.verified).toBe(false)
  await db.review.deleteMany({ where: { id: eve.id } })
})

test('GET /client/reviews: published only, by product, paged; the report counts the published', async () => {
  for (let i = 0; i < 3; i++)
    await client('POST', '/client/reviews', a.publicApiKey, review({ rating: 2 + i, content: `Review ${i}` }, `20${i}`))
  const filter = encodeURIComponent('equals(product_external_ids,"MUG")')
  const p1 = await client('GET', `/client/reviews?filter=${filter}&page[size]=2`, a.publicApiKey)
  expect(p1.status).toBe(200)
  expect(p1.json.data).toHaveLength(2)
  expect(p1.json.data[0].attributes.email).toBeUndefined()
  const next = new URL(p1.json.links.next)
  const p2 = await client(
    'GET',
    `/client/reviews?${next.searchParams.toString().replace(/&?company_id=[^&]*/, '')}`,
    a.publicApiKey,
  )
  const all = [...p1.json.data, ...p2.json.data]
  expect(all.map((r: { attributes: { status: { value: string } } }) => r.attributes.status.value)).not.toContain(
    'pending',
  )
  expect(new Set(all.map((r: { id: string }) => r.id)).size).toBe(4)
  expect(all[3].attributes.content).toContain('<script>') // the oldest; text, escaped where shown
  expect(p2.json.links.next).toBeNull()
  // Company B's public key sees none of A's.
  expect((await client('GET', '/client/reviews', b.publicApiKey)).json.data).toEqual([])
  expect((await client('GET', '/client/reviews?sort=title', a.publicApiKey)).status).toBe(400)

  const rep = await client('GET', `/client/review-values-reports?group_by=product_id&filter=${filter}`, a.publicApiKey)
  expect(rep.status).toBe(200)
  expect(rep.json.data[0].attributes.results).toEqual([
    {
      groupings: { product_id: 'MUG' },
      statistics: expect.objectContaining({ total_reviews: 4, average_rating: 3.5 }),
    },
  ])
  expect((await client('GET', '/client/review-values-reports?timeframe=forever', a.publicApiKey)).status).toBe(400)
})

test('/api/reviews: every status with filters; PATCH status and rejection reason; another company gets 404', async () => {
  const pending = await api('GET', `/api/reviews?filter=${encodeURIComponent('equals(status,"pending")')}`, keyA)
  expect(pending.status).toBe(200)
  expect(pending.json.data).toHaveLength(1)
  const id = pending.json.data[0].id as string
  expect(pending.json.data[0].attributes.email).toBe('ana@example.test')

  const bad = await api('PATCH', `/api/reviews/${id}`, keyA, {
    data: { type: 'review', id, attributes: { status: { value: 'rejected' } } },
  })
  expect(bad.status).toBe(400)
  const rej = await api('PATCH', `/api/reviews/${id}`, keyA, {
    data: { type: 'review', id, attributes: { status: { value: 'rejected', rejection_reason: { reason: 'fake' } } } },
  })
  expect(rej.status).toBe(200)
  expect(rej.json.data.attributes.status).toEqual({ value: 'rejected', rejection_reason: { reason: 'fake' } })

  expect((await api('GET', `/api/reviews/${id}`, keyB)).status).toBe(404)
  const other = await api('PATCH', `/api/reviews/${id}`, keyB, {
    data: { type: 'review', id, attributes: { status: { value: 'published' } } },
  })
  expect(other.status).toBe(404)
  expect((await db.review.findFirstOrThrow({ where: { id } })).status).toBe('rejected')
  expect((await api('GET', '/api/reviews', keyB)).json.data).toEqual([])
  expect((await api('GET', `/api/reviews?filter=${encodeURIComponent('equals(rating,9)')}`, keyA)).status).toBe(400)
})

describe('official SDK over HTTP', () => {
  let server: RouteServer
  beforeAll(async () => {
    server = await table.start({ onRequest: resetRateLimits })
  })
  afterAll(() => server.close())
  test('getReviews (filter, sort, paging), getReview, updateReview', async () => {
    const sdk = new ReviewsApi(new ApiKeySession(keyA))
    sdk.basePath = server.url
    const first = await sdk.getReviews({ filter: 'greater-or-equal(rating,4)', sort: '-rating', pageSize: 2 })
    expect(first.body.data.map((r) => r.attributes.rating)).toEqual([5, 4])
    expect(first.body.links?.next).toBeTruthy()
    const one = await sdk.getReview(first.body.data[0]!.id)
    expect(one.body.data.attributes.product?.externalId).toBe('MUG')
    const up = await sdk.updateReview(one.body.data.id, {
      data: { type: 'review', id: one.body.data.id, attributes: { status: { value: 'featured' } } },
    } as never)
    expect(up.body.data.attributes.status).toEqual({ value: 'featured' })
  })
})

test('by rating, the pages hold every review once, questions (no rating) last, both directions', async () => {
  const { ulid } = await import('@/lib/ids/make-id')
  const item = await db.catalogItem.findFirstOrThrow({ where: { companyId: a.id, externalId: 'MUG' } })
  for (let i = 0; i < 3; i++)
    await db.review.create({
      data: {
        id: ulid(),
        companyId: a.id,
        catalogItemId: item.id,
        productKey: item.id,
        productExternalId: 'MUG',
        reviewType: 'question',
        body: `Question ${i}?`,
        authorName: 'Q',
        authorEmail: 'q@example.test',
        status: 'published',
      },
    })
  const total = await db.review.count({ where: { companyId: a.id } })
  for (const sort of ['rating', '-rating']) {
    const seen: Array<{ id: string; rating: number | null }> = []
    let path: string | null = `/api/reviews?sort=${sort}&page[size]=2`
    while (path) {
      const r = await api('GET', path, keyA)
      expect(r.status).toBe(200)
      seen.push(
        ...r.json.data.map((d: { id: string; attributes: { rating: number | null } }) => ({
          id: d.id,
          rating: d.attributes.rating,
        })),
      )
      path = r.json.links.next ? ((u: URL) => u.pathname + u.search)(new URL(r.json.links.next)) : null
    }
    expect(new Set(seen.map((s) => s.id)).size).toBe(total)
    expect(seen).toHaveLength(total)
    const ratings = seen.map((s) => s.rating)
    expect(ratings.slice(-3)).toEqual([null, null, null])
    const rated = ratings.slice(0, -3) as number[]
    expect(rated).toEqual([...rated].sort((x, y) => (sort === 'rating' ? x - y : y - x)))
  }
})
