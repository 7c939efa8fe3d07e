/** @jest-environment node */
// Issue 23 §3: flow conditional splits (the vendor's profile filter) on predictive analytics:
// churn_probability and the expected date of the next order from the profile's prediction; a
// profile without one takes the "no" branch; an unsupported predictive dimension is false with
// its reason.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()

import { db } from '@/lib/db/client'
import { read } from '@/lib/db/ops'
import { evaluateFilterOps } from '@/lib/flows/engine/conditions'
import { makeCompany } from '../helpers/factory'

const NOW = new Date('2026-06-01T12:00:00Z')
let companyId: number

const filter = (condition: Record<string, unknown>) => ({ condition_groups: [{ conditions: [condition] }] }) as never
const evaluate = (profileId: string, condition: Record<string, unknown>) =>
  read(
    evaluateFilterOps(filter(condition), {
      companyId,
      profileId,
      flowId: 'F1',
      runId: null,
      actionId: 'A1',
      version: 1,
      now: NOW,
      timeZone: 'UTC',
    }),
  )

beforeAll(async () => {
  companyId = (await makeCompany('Predictive splits')).id
  await db.profile.createMany({
    data: ['PS1', 'PS2', 'PS3'].map((id) => ({ id, companyId, email: `${id.toLowerCase()}@example.test` })),
  })
  const row = (profileId: string, churnProbability: number, next: Date) => ({
    profileId,
    companyId,
    historicClv: 100,
    predictedClv: 50,
    totalClv: 150,
    historicNumberOfOrders: 3,
    predictedNumberOfOrders: 1.2,
    averageDaysBetweenOrders: 40,
    averageOrderValue: 33.33,
    churnProbability,
    expectedDateOfNextOrder: next,
    fitId: 1,
  })
  await db.profilePrediction.createMany({
    data: [row('PS1', 0.9, new Date('2026-06-10T00:00:00Z')), row('PS2', 0.1, new Date('2026-09-01T00:00:00Z'))],
  })
})

const churn = {
  type: 'profile-predictive-analytics',
  dimension: 'churn_probability',
  filter: { type: 'numeric', operator: 'greater-than-or-equal', value: 0.5 },
}

test.each([
  ['PS1', churn, true],
  ['PS2', churn, false],
  ['PS3', churn, false],
  [
    'PS1',
    {
      type: 'profile-predictive-analytics',
      dimension: 'expected_date_of_next_purchase',
      filter: { type: 'date', operator: 'in-the-next', unit: 'day', quantity: 30 },
    },
    true,
  ],
  [
    'PS2',
    {
      type: 'profile-predictive-analytics',
      dimension: 'expected_date_of_next_purchase',
      filter: { type: 'date', operator: 'in-the-next', unit: 'day', quantity: 30 },
    },
    false,
  ],
])('%s %j → %s', async (profileId, condition, match) => {
  expect((await evaluate(profileId, condition)).match).toBe(match)
})

test('an unsupported predictive dimension is false, with its reason', async () => {
  const r = await evaluate('PS1', {
    type: 'profile-predictive-analytics',
    dimension: 'predicted_gender',
    filter: { type: 'string', operator: 'equals', value: 'likely_female' },
  })
  expect(r.match).toBe(false)
  expect(r.reasons[0]).toContain('predicted_gender')
})

test("another company's profile never matches on this company's predictions", async () => {
  const other = (await makeCompany('Other splits')).id
  await db.profile.create({ data: { id: 'PSX', companyId: other, email: 'psx@example.test' } })
  // A prediction row claiming the other company's profile for this company: the scope ignores it.
  await db.profilePrediction.create({
    data: {
      profileId: 'PSX',
      companyId,
      historicClv: 1,
      predictedClv: 1,
      totalClv: 2,
      historicNumberOfOrders: 1,
      predictedNumberOfOrders: 1,
      averageOrderValue: 1,
      churnProbability: 0.99,
      fitId: 1,
    },
  })
  const r = await read(
    evaluateFilterOps(filter(churn), {
      companyId: other,
      profileId: 'PSX',
      flowId: 'F1',
      runId: null,
      actionId: 'A1',
      version: 1,
      now: NOW,
      timeZone: 'UTC',
    }),
  )
  expect(r.match).toBe(false)
})
