/** @jest-environment node */
// Issue 24: the demo store's reviews (lib/seed/seed-demo-reviews.ts) are written through the
// shopper's own path: each from a buyer of that product in that order (verified), at most one per
// order, a Submitted Review event each, deterministic, and only in the seeded company.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(120_000)

import { db } from '@/lib/db/client'
import { seedAudience } from '@/lib/seed/seed-audience'
import { seedCatalog } from '@/lib/seed/seed-catalog'
import { seedDemoReviews } from '@/lib/seed/seed-demo-reviews'
import { makeCompany } from '../helpers/factory'

const NOW = new Date(Math.floor(Date.now() / 60_000) * 60_000)

it('buyers review products of their orders, verified, once per order, with their events', async () => {
  const store = await makeCompany('Review Store')
  const other = await makeCompany('Other Store')
  await seedAudience(store.id, { seed: 'demo-store', customers: 600, months: 6, now: NOW })
  await seedCatalog(store.id, { seed: 'demo-store', storeUrl: 'https://demo-store.example' })
  const result = await seedDemoReviews(store.id, { seed: 'demo-store', now: NOW })
  expect(result.reviews).toBeGreaterThan(5)
  const reviews = await db.review.findMany({ where: { companyId: store.id } })
  expect(reviews).toHaveLength(result.reviews)
  expect(reviews.every((r) => r.verified && r.rating! >= 1 && r.rating! <= 5 && r.catalogItemId)).toBe(true)
  expect(new Set(reviews.map((r) => r.orderKey)).size).toBe(reviews.length)
  expect(reviews.every((r) => r.createdAt.getTime() < NOW.getTime())).toBe(true)
  const metric = await db.metric.findFirstOrThrow({ where: { companyId: store.id, name: 'Submitted Review' } })
  expect(await db.event.count({ where: { companyId: store.id, metricId: metric.id } })).toBe(result.reviews)
  expect(await db.review.count({ where: { companyId: other.id } })).toBe(0)
  // A second run changes nothing (one review per order and product).
  expect((await seedDemoReviews(store.id, { seed: 'demo-store', now: NOW })).reviews).toBe(0)
})
