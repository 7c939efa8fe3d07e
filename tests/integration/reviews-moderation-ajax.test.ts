/** @jest-environment node */
// The reviews screens' /ajax calls (issue 24 §1): the dashboard figures, the moderation queue with
// its filters and paging, a decision and a public reply (which /client/reviews then shows), the
// products' ratings; an analyst reads but cannot decide; another company's reviews are neither
// listed nor changed; the area's flag closes it.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)

import { db } from '@/lib/db/client'
import { setFeatureFlag } from '@/lib/flags/get-feature-flags'
import { ulid } from '@/lib/ids/make-id'
import * as dashboardRoute from '@/app/ajax/reviews/dashboard/route'
import * as queueRoute from '@/app/ajax/reviews/route'
import * as reviewRoute from '@/app/ajax/reviews/[id]/route'
import * as productsRoute from '@/app/ajax/reviews/products/route'
import * as productRoute from '@/app/ajax/reviews/products/[id]/route'
import { ajaxRequest, makeCompany, makeUser, params, signIn } from '../helpers/factory'

let A: number, B: number, cookieA: string, cookieB: string, cookieAnalyst: string
const T0 = Date.parse('2026-05-01T00:00:00Z')

async function seed(companyId: number, item: string, n: number, status: (i: number) => string) {
  await db.catalogItem.create({ data: { id: item, companyId, externalId: item, title: `Item ${item}` } })
  for (let i = 0; i < n; i++)
    await db.review.create({
      data: {
        id: ulid(T0 + i * 1000),
        companyId,
        catalogItemId: item,
        productKey: item,
        productExternalId: item,
        rating: (i % 5) + 1,
        title: `T${i}`,
        body: `Body ${i} <b>bold</b>`,
        authorName: 'Ana',
        authorEmail: 'ana@x.test',
        status: status(i),
        createdAt: new Date(T0 + i * 1000),
      },
    })
}

async function call(
  handler: (req: Request, ctx?: never) => Promise<Response>,
  path: string,
  cookie: string,
  init: { method?: string; body?: unknown; id?: string } = {},
) {
  const res = await handler(
    ajaxRequest(path, { cookie, method: init.method, body: init.body }),
    (init.id ? params({ id: init.id }) : undefined) as never,
  )
  return { status: res.status, json: await res.json() }
}

beforeAll(async () => {
  A = (await makeCompany()).id
  B = (await makeCompany()).id
  for (const c of [A, B]) await setFeatureFlag(c, 'is_reviews_enabled', true)
  cookieA = await signIn((await makeUser({ companyId: A })).id, A)
  cookieB = await signIn((await makeUser({ companyId: B })).id, B)
  cookieAnalyst = await signIn((await makeUser({ companyId: A, role: 'analyst' })).id, A)
  // A: 30 reviews of MUG (every third pending, the rest published); B: 2 of BOOT.
  await seed(A, 'MUG', 30, (i) => (i % 3 === 0 ? 'pending' : 'published'))
  await seed(B, 'BOOT', 2, () => 'pending')
})

test('dashboard: counts by status, the average of what shoppers see, the latest ten', async () => {
  const r = await call(dashboardRoute.GET as never, '/ajax/reviews/dashboard', cookieA)
  expect(r.status).toBe(200)
  expect(r.json.counts).toMatchObject({ pending: 10, published: 20, rejected: 0 })
  expect(r.json.total).toBe(30)
  expect(r.json.recent).toHaveLength(10)
  expect(r.json.recent[0].title).toBe('T29')
  const published = Array.from({ length: 30 }, (_, i) => i).filter((i) => i % 3 !== 0)
  const avg = published.reduce((s, i) => s + (i % 5) + 1, 0) / published.length
  expect(r.json.averageRating).toBeCloseTo(avg, 2)
})

test('queue: filters, 25 a page then the rest; another company sees only its own', async () => {
  const pending = await call(queueRoute.GET as never, '/ajax/reviews?status=pending', cookieA)
  expect(pending.json.reviews).toHaveLength(10)
  expect(pending.json.reviews.every((r: { status: string }) => r.status === 'pending')).toBe(true)
  const all = await call(queueRoute.GET as never, '/ajax/reviews', cookieA)
  expect(all.json.reviews).toHaveLength(25)
  const rest = await call(queueRoute.GET as never, `/ajax/reviews?after=${all.json.next}`, cookieA)
  expect(rest.json.reviews).toHaveLength(5)
  expect(rest.json.next).toBeNull()
  const fives = await call(queueRoute.GET as never, '/ajax/reviews?rating=5', cookieA)
  expect(fives.json.reviews.every((r: { rating: number }) => r.rating === 5)).toBe(true)
  expect((await call(queueRoute.GET as never, '/ajax/reviews?rating=9', cookieA)).status).toBe(400)
  const b = await call(queueRoute.GET as never, '/ajax/reviews', cookieB)
  expect(b.json.reviews).toHaveLength(2)
})

test('a decision and a public reply; the analyst and another company cannot; bad input is 400', async () => {
  const target = (await db.review.findFirstOrThrow({ where: { companyId: A, status: 'pending' } })).id
  const path = `/ajax/reviews/${target}`
  const rej = await call(reviewRoute.PATCH as never, path, cookieA, {
    method: 'PATCH',
    id: target,
    body: { status: { value: 'rejected', rejectionReason: { reason: 'misleading' } } },
  })
  expect(rej.status).toBe(200)
  expect(rej.json).toMatchObject({ status: 'rejected', rejectionReason: { reason: 'misleading' } })
  const reply = await call(reviewRoute.PATCH as never, path, cookieA, {
    method: 'PATCH',
    id: target,
    body: { status: { value: 'featured' }, publicReply: 'Thank you!' },
  })
  expect(reply.json).toMatchObject({ status: 'featured', publicReply: 'Thank you!', rejectionReason: null })
  const bad = await call(reviewRoute.PATCH as never, path, cookieA, {
    method: 'PATCH',
    id: target,
    body: { status: { value: 'rejected' } },
  })
  expect(bad.status).toBe(400)
  expect(
    (
      await call(reviewRoute.PATCH as never, path, cookieAnalyst, {
        method: 'PATCH',
        id: target,
        body: { publicReply: 'x' },
      })
    ).status,
  ).toBe(403)
  for (const [h, method] of [
    [reviewRoute.GET, 'GET'],
    [reviewRoute.PATCH, 'PATCH'],
  ] as const) {
    const r = await call(h as never, path, cookieB, {
      method,
      id: target,
      body: method === 'PATCH' ? { status: { value: 'published' } } : undefined,
    })
    expect(r.status).toBe(404)
  }
  expect(await db.review.findFirstOrThrow({ where: { id: target } })).toMatchObject({
    status: 'featured',
    publicReply: 'Thank you!',
  })
})

test('products: rating and counts per product; another company’s product is 404; the flag closes the area', async () => {
  const list = await call(productsRoute.GET as never, '/ajax/reviews/products', cookieA)
  expect(list.json.products).toEqual([expect.objectContaining({ id: 'MUG', reviewCount: 21, pendingCount: 9 })])
  const one = await call(productRoute.GET as never, '/ajax/reviews/products/MUG', cookieA, { id: 'MUG' })
  expect(one.json).toMatchObject({ title: 'Item MUG', reviewCount: 21 })
  expect((await call(productRoute.GET as never, '/ajax/reviews/products/BOOT', cookieA, { id: 'BOOT' })).status).toBe(
    404,
  )
  await setFeatureFlag(B, 'is_reviews_enabled', false)
  expect((await call(dashboardRoute.GET as never, '/ajax/reviews/dashboard', cookieB)).status).toBe(404)
})
