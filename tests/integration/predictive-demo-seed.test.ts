/** @jest-environment node */
// Issue 23 §3: the demo store's order history (lib/seed, 5,000 customers over 12 months, as
// prisma/seed.mts seeds it) is eligible for predictive analytics, and the seed's refit writes
// scores for its customers quickly; the one-month second store is not, with its reasons.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(180_000)

import { db } from '@/lib/db/client'
import { seedAudience } from '@/lib/seed/seed-audience'
import { seedDemoPredictions } from '@/lib/seed/seed-demo-predictions'
import { makeCompany } from '../helpers/factory'

const NOW = new Date(Math.floor(Date.now() / 60_000) * 60_000)

it('the demo store is eligible and scored after seeding', async () => {
  const demo = await makeCompany('Demo Store')
  const audience = await seedAudience(demo.id, { seed: 'demo-store', customers: 5000, months: 12, now: NOW })
  const result = await seedDemoPredictions(demo.id, NOW)
  expect(result.reasons).toEqual([])
  expect(result.status).toBe('fitted')
  console.info(
    `demo refit: ${result.customers} customers of ${audience.profiles}, ${audience.orders} orders, ${result.durationMs} ms ${JSON.stringify(result.phases)}`,
  )
  expect(await db.profilePrediction.count({ where: { companyId: demo.id } })).toBe(result.customers)
  const likely = await db.profilePrediction.count({ where: { companyId: demo.id, churnProbability: { gte: 0.8 } } })
  expect(likely).toBeLessThan(result.customers)
})

it('the one-month second store is not eligible and says why', async () => {
  const second = await makeCompany('Second Store')
  await seedAudience(second.id, {
    seed: 'second-store',
    customers: 200,
    months: 1,
    mix: 'uk',
    currency: 'GBP',
    now: NOW,
  })
  const result = await seedDemoPredictions(second.id, NOW)
  expect(result.status).toBe('ineligible')
  expect(result.reasons.map((r) => r.code)).toEqual(expect.arrayContaining(['too_few_customers', 'too_short_history']))
})
