/** @jest-environment node */
// Issue 23 §3: the nightly refit. The planner is booked once per night at 03:00 UTC (idempotent,
// as every worker start books it); when it runs it queues one refit per account with an order
// metric, which writes a fit row with trigger "schedule", and books the next night.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(300_000)

import { db } from '@/lib/db/client'
import { setQueueClock } from '@/lib/jobs/clock'
import { runJobsUntilIdle } from '@/lib/jobs/queue'
import { registerJobHandlers } from '@/lib/server/job-handlers'
import { ensurePredictiveJobs, nextNightlyRun, PREDICTIVE_PLAN_JOB, PREDICTIVE_REFIT_JOB } from '@/lib/predictive/jobs'
import { makeCompany } from '../helpers/factory'
import { queuedJobs } from '../helpers/queued-jobs'
import { seedOrderHistory } from '../helpers/predictive-orders'

afterEach(() => setQueueClock(null))

test('the next nightly run is the coming 03:00 UTC', () => {
  expect(nextNightlyRun(new Date('2026-06-01T02:59:59Z')).toISOString()).toBe('2026-06-01T03:00:00.000Z')
  expect(nextNightlyRun(new Date('2026-06-01T03:00:00Z')).toISOString()).toBe('2026-06-02T03:00:00.000Z')
})

test('booked once, then a refit per account with orders, and the next night booked', async () => {
  registerJobHandlers()
  const withOrders = (await makeCompany('Nightly A')).id
  const without = (await makeCompany('Nightly B')).id
  const t0 = new Date('2026-06-01T01:00:00Z')
  await seedOrderHistory(withOrders, { customers: 520, days: 300, now: t0, seed: 9 })

  setQueueClock(t0)
  await ensurePredictiveJobs(t0)
  await ensurePredictiveJobs(t0)
  const planned = (await queuedJobs({ type: PREDICTIVE_PLAN_JOB })).filter((j) => j.status === 'queued')
  expect(planned.map((j) => j.runAt.toISOString())).toEqual(['2026-06-01T03:00:00.000Z'])

  setQueueClock(new Date('2026-06-01T03:00:01Z'))
  await runJobsUntilIdle()
  const refits = await queuedJobs({ type: PREDICTIVE_REFIT_JOB })
  expect(refits.map((j) => j.companyId)).toEqual([withOrders])
  expect(refits[0]!.status).toBe('done')
  const fit = await db.predictiveModelFit.findFirstOrThrow({ where: { companyId: withOrders } })
  expect(fit).toMatchObject({ trigger: 'schedule', status: 'fitted', customers: 520 })
  expect(await db.predictiveModelFit.count({ where: { companyId: without } })).toBe(0)
  const next = (await queuedJobs({ type: PREDICTIVE_PLAN_JOB })).filter((j) => j.status === 'queued')
  expect(next.map((j) => j.runAt.toISOString())).toEqual(['2026-06-02T03:00:00.000Z'])
})
