/** @jest-environment node */
// Issue 23 §3: the per-account refit on the account's own Placed Order events: eligibility
// (customers, history, repeat buyers), the fit row, the scores written for every customer with
// orders, the holdout check; POST /ajax/predictive/refit and GET /ajax/predictive/clv scoped to
// the signed-in company; /api/profiles additional-fields[profile]=predictive_analytics.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(300_000)

import { db } from '@/lib/db/client'
import { runJobsUntilIdle } from '@/lib/jobs/queue'
import { registerJobHandlers } from '@/lib/server/job-handlers'
import { refitCompany } from '@/lib/predictive/refit-company'
import { eligibilityProblems } from '@/lib/predictive/eligibility'
import { POST as refitPost } from '@/app/ajax/predictive/refit/route'
import { GET as clvGet } from '@/app/ajax/predictive/clv/route'
import { ajaxRequest, makeCompany, makeUser, signIn } from '../helpers/factory'
import { api, makeApiKey } from '../helpers/route-server'
import { seedOrderHistory } from '../helpers/predictive-orders'
import { createSegment } from '@/lib/groups/create-segment'

const NOW = new Date('2026-06-01T00:00:00Z')

describe('eligibility rules', () => {
  const ok = { hasOrderMetric: true, customers: 500, historyDays: 180, threeOrderCustomers: 10 }
  it.each([
    [{}, []],
    [{ customers: 499 }, ['too_few_customers']],
    [{ historyDays: 179.9 }, ['too_short_history']],
    [{ threeOrderCustomers: 9 }, ['too_few_repeat_buyers']],
    [
      { customers: 10, historyDays: 5, threeOrderCustomers: 0 },
      ['too_few_customers', 'too_short_history', 'too_few_repeat_buyers'],
    ],
    [{ hasOrderMetric: false }, ['no_order_metric']],
  ])('%j → %j', (change, codes) => {
    expect(eligibilityProblems({ ...ok, ...change }).map((p) => p.code)).toEqual(codes)
  })
})

describe('refit on an account', () => {
  let companyId: number
  let otherId: number

  beforeAll(async () => {
    registerJobHandlers()
    companyId = (await makeCompany('Predictive A')).id
    otherId = (await makeCompany('Predictive B')).id
    await seedOrderHistory(companyId, { customers: 600, days: 400, now: NOW, seed: 1 })
    await seedOrderHistory(otherId, { customers: 120, days: 400, now: NOW, seed: 2 })
  })

  it('fits, scores every customer with orders and records the holdout check', async () => {
    const result = await refitCompany(companyId, { now: NOW, trigger: 'cli' })
    expect(result.status).toBe('fitted')
    expect(result.customers).toBe(600)
    const fit = await db.predictiveModelFit.findUniqueOrThrow({ where: { id: result.fitId } })
    const params = JSON.parse(fit.params)
    for (const k of ['r', 'alpha', 'a', 'b']) expect(params.bgnbd[k]).toBeGreaterThan(0)
    expect(params.gammaGamma.q).toBeGreaterThan(0)
    const holdout = JSON.parse(fit.holdout)
    expect(holdout.holdoutDays).toBe(90)
    expect(holdout.byRepeatOrders.length).toBeGreaterThan(1)
    // The model should predict the holdout's total orders within a factor of two on data it generated.
    expect(holdout.predicted / Math.max(1, holdout.actual)).toBeGreaterThan(0.5)
    expect(holdout.predicted / Math.max(1, holdout.actual)).toBeLessThan(2)

    const rows = await db.profilePrediction.findMany({ where: { companyId } })
    expect(rows).toHaveLength(600)
    for (const r of rows) {
      expect(r.churnProbability).toBeGreaterThanOrEqual(0)
      expect(r.churnProbability).toBeLessThanOrEqual(1)
      expect(r.predictedClv).toBeGreaterThanOrEqual(0)
      expect(r.totalClv).toBeCloseTo(r.historicClv + r.predictedClv, 1)
      expect(r.fitId).toBe(result.fitId)
    }
    // A one-order customer has no average gap; a repeat buyer has one.
    expect(rows.some((r) => r.historicNumberOfOrders === 1 && r.averageDaysBetweenOrders === null)).toBe(true)
    expect(rows.some((r) => r.historicNumberOfOrders >= 3 && r.averageDaysBetweenOrders! > 0)).toBe(true)
    // Refitting rewrites in place (upsert), no duplicates.
    const again = await refitCompany(companyId, { now: NOW })
    expect(await db.profilePrediction.count({ where: { companyId } })).toBe(600)
    expect(await db.profilePrediction.count({ where: { companyId, fitId: again.fitId } })).toBe(600)
  })

  it('an ineligible account gets its reasons and no scores, and leaves the other account alone', async () => {
    const result = await refitCompany(otherId, { now: NOW })
    expect(result.status).toBe('ineligible')
    expect(result.reasons.map((r) => r.code)).toEqual(['too_few_customers'])
    expect(await db.profilePrediction.count({ where: { companyId: otherId } })).toBe(0)
    expect(await db.profilePrediction.count({ where: { companyId } })).toBe(600)
  })

  it('POST /ajax/predictive/refit queues a refit of the signed-in company only; GET /clv is scoped', async () => {
    const userB = await makeUser({ companyId: otherId })
    const cookieB = await signIn(userB.id, otherId)
    const before = await db.predictiveModelFit.count({ where: { companyId } })
    const res = await refitPost(ajaxRequest('/ajax/predictive/refit', { method: 'POST', cookie: cookieB, body: {} }))
    expect(res.status).toBe(202)
    await runJobsUntilIdle()
    expect(await db.predictiveModelFit.count({ where: { companyId } })).toBe(before)
    const latestB = await db.predictiveModelFit.findFirstOrThrow({
      where: { companyId: otherId },
      orderBy: { id: 'desc' },
    })
    expect(latestB.trigger).toBe('manual')

    const overviewB = await (await clvGet(ajaxRequest('/ajax/predictive/clv', { cookie: cookieB }))).json()
    expect(overviewB.fit.status).toBe('ineligible')
    expect(overviewB.customers).toBe(0)
    expect(overviewB.fit.reasons[0]).toEqual({ code: 'too_few_customers', required: 500, actual: 120 })

    const userA = await makeUser({ companyId })
    const overviewA = await (
      await clvGet(ajaxRequest('/ajax/predictive/clv', { cookie: await signIn(userA.id, companyId) }))
    ).json()
    expect(overviewA.fit.status).toBe('fitted')
    expect(overviewA.customers).toBe(600)
    expect(overviewA.histogram.reduce((s: number, b: { customers: number }) => s + b.customers, 0)).toBe(600)
  })

  it('serves predictive_analytics on /api/profiles and /api/profiles/{id}, never another company’s', async () => {
    const key = await makeApiKey(companyId)
    const keyB = await makeApiKey(otherId)
    const scored = await db.profilePrediction.findFirstOrThrow({
      where: { companyId, historicNumberOfOrders: { gte: 2 } },
    })
    const one = await api('GET', `/api/profiles/${scored.profileId}?additional-fields[profile]=predictive_analytics`, {
      key,
    })
    expect(one.status).toBe(200)
    const pa = one.json.data.attributes.predictive_analytics
    expect(pa.historic_number_of_orders).toBe(scored.historicNumberOfOrders)
    expect(pa.churn_probability).toBe(scored.churnProbability)
    expect(pa.expected_date_of_next_order).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/)
    const plain = await api('GET', `/api/profiles/${scored.profileId}`, { key })
    expect(plain.json.data.attributes.predictive_analytics).toBeUndefined()
    const list = await api('GET', '/api/profiles?additional-fields[profile]=predictive_analytics&page[size]=5', { key })
    expect(list.json.data).toHaveLength(5)
    for (const p of list.json.data) expect(p.attributes.predictive_analytics.historic_clv).toEqual(expect.any(Number))
    // Company B reading A's profile: a 404, not A's predictions.
    const cross = await api(
      'GET',
      `/api/profiles/${scored.profileId}?additional-fields[profile]=predictive_analytics`,
      { key: keyB },
    )
    expect(cross.status).toBe(404)
  })

  it('a segment on the expected date of the next order holds the profiles with that date (the date column on this engine)', async () => {
    // The demo's refit ran at NOW; "in the next N days" is relative to the real clock, so use dates.
    const from = new Date(NOW.getTime() - 30 * 86_400_000)
    const to = new Date(NOW.getTime() + 60 * 86_400_000)
    const day = (d: Date) => d.toISOString().slice(0, 10)
    const segment = await createSegment(companyId, {
      name: 'Next order around now',
      definition: {
        version: 1,
        root: {
          type: 'and',
          conditions: [
            {
              kind: 'predictive',
              dimension: 'expected_date_of_next_order',
              operator: 'between',
              value: [day(from), day(to)],
            },
          ],
        },
      },
    })
    await runJobsUntilIdle()
    const members = (await db.groupMembership.findMany({ where: { groupId: segment.id, leftAt: null } }))
      .map((m) => m.profileId)
      .sort()
    const start = new Date(`${day(from)}T00:00:00Z`)
    const end = new Date(new Date(`${day(to)}T00:00:00Z`).getTime() + 86_400_000)
    const expected = (
      await db.profilePrediction.findMany({
        where: { companyId, expectedDateOfNextOrder: { gte: start, lt: end } },
        select: { profileId: true },
      })
    )
      .map((r) => r.profileId)
      .sort()
    expect(expected.length).toBeGreaterThan(0)
    expect(members).toEqual(expected)
  })
})
