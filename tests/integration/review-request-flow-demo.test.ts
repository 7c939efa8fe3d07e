/** @jest-environment node */
// The demo's review requests (issue 24 §1, lib/seed/seed-review-requests.ts): a year of orders
// asked 7 days later by the live "Review request after fulfilment" flow, the demo reviews
// answering theirs, Opened Email on the requests' sends, so /reviews/performance
// and /reviews/orders have plausible sent, opened and reviewed figures; the same seed gives the
// same figures in another company.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(180_000)

import { db } from '@/lib/db/client'
import { seedAudience } from '@/lib/seed/seed-audience'
import { seedCatalog } from '@/lib/seed/seed-catalog'
import { seedDemoReviews } from '@/lib/seed/seed-demo-reviews'
import { seedDemoReviewRequests } from '@/lib/seed/seed-review-requests'
import { reviewPerformance } from '@/lib/reviews/review-performance'
import { listReviewOrders } from '@/lib/reviews/review-orders'
import { makeCompany } from '../helpers/factory'

const NOW = new Date(Math.floor(Date.now() / 60_000) * 60_000)

async function demo(name: string) {
  const c = await makeCompany(name)
  await seedAudience(c.id, { seed: 'demo-store', customers: 400, months: 12, now: NOW })
  await seedCatalog(c.id, { seed: 'demo-store', now: NOW, flows: false })
  await seedDemoReviews(c.id, { seed: 'demo-store', now: NOW })
  return { id: c.id, result: await seedDemoReviewRequests(c.id, { seed: 'demo-store', now: NOW }) }
}

test('a year of requests: sent, opened and answered at plausible rates, on the screens', async () => {
  const a = await demo('Demo A')
  const r = a.result
  console.info(`demo review requests: ${JSON.stringify(r)}`)
  expect(r.sends).toBeGreaterThan(50)
  expect(r.requests).toBeGreaterThanOrEqual(r.sends)
  expect(r.answered).toBeGreaterThan(0)
  expect(r.opened / r.sends).toBeGreaterThan(0.3)
  expect(r.opened / r.sends).toBeLessThan(0.7)

  const perf = await reviewPerformance(a.id, NOW)
  expect(perf.totals.requests).toBe(r.requests)
  expect(perf.totals.answered).toBe(r.answered)
  expect(perf.totals.conversion).toBeGreaterThan(0)
  expect(perf.totals.conversion).toBeLessThan(0.5)
  expect(perf.months.filter((m) => m.requests > 0).length).toBeGreaterThanOrEqual(10)
  // the request emails opened (Opened Email on the action's sends, through the message index)
  expect(perf.totals.emails).toBeGreaterThan(0)
  expect(perf.totals.emails).toBeLessThanOrEqual(r.sends)
  expect(perf.totals.opened).toBeLessThanOrEqual(r.opened)
  expect(perf.totals.openRate).toBeGreaterThan(0.3)
  expect(perf.totals.openRate).toBeLessThan(0.7)
  expect(perf.months.reduce((n, m) => n + m.opened, 0)).toBe(perf.totals.opened)

  // every answered request is the review of that order and product, after the request
  const answered = await db.reviewRequest.findMany({ where: { companyId: a.id, reviewId: { not: null } } })
  const reviews = new Map((await db.review.findMany({ where: { companyId: a.id } })).map((x) => [x.id, x] as const))
  for (const q of answered) {
    const review = reviews.get(q.reviewId!)!
    expect([review.orderKey, review.productExternalId]).toEqual([q.orderKey, q.productExternalId])
    expect(q.submittedAt!.getTime()).toBeGreaterThanOrEqual(q.createdAt.getTime() - 7 * 86_400_000)
  }
  const sends = await db.send.count({
    where: { companyId: a.id, sourceType: 'flow_action_run', subject: 'How did we do?' },
  })
  expect(sends).toBe(r.sends)

  const orders = await listReviewOrders(a.id, { limit: 200 })
  const states = new Set(orders.orders.map((o) => o.state))
  expect(states.has('requested')).toBe(true)

  const flow = await db.flow.findFirstOrThrow({ where: { companyId: a.id, name: 'Review request after fulfilment' } })
  expect(flow.status).toBe(2) // live

  // deterministic: the same seed in another company gives the same figures
  const b = await demo('Demo B')
  const figures = (x: typeof r) => [x.requests, x.sends, x.opened, x.answered]
  expect(figures(b.result)).toEqual(figures(r))
})
