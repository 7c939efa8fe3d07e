/** @jest-environment node */
// Kill test (issue 30, worker-kill tests): the flow action send-review-request asks exactly once
// under a crash. Orders fulfilled for many buyers enter the "Review request after fulfilment"
// template flow; a flows engine process (tests/helpers/flows-engine-worker.mts, its clock past the
// 7 days' wait) advances the runs and is killed with SIGKILL in the middle of a batch, so some
// steps are committed, some are leased to the dead worker and one may die inside its
// transaction (the ReviewRequest rows decided, the Send not committed). A survivor takes over once
// the leases end: every run completes with one review request step, one ReviewRequest per
// (order, product) pointing at its Send, and one Send per run.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(180_000)

import { db } from '@/lib/db/client'
import { inWriteTx } from '@/lib/db/ops'
import { createItemOps } from '@/lib/catalog/store/items'
import { prepareCatalogWrite } from '@/lib/catalog/store/run-write'
import { ingestEvents } from '@/lib/events/ingest-events'
import { prepareSendQueue } from '@/lib/messaging/create-sends'
import { createFlowFromTemplate } from '@/lib/flows/templates'
import { setActionStatuses, setFlowStatus } from '@/lib/flows/store'
import { drainFlowRuns } from '@/lib/flows/engine/advance-runs'
import { prepareFlowJobs } from '@/lib/flows/engine/enter-flow'
import { makeCompany } from '../helpers/factory'
import { startWorkerChild, stopAll } from '../helpers/kill-harness'
import { waitFor } from '../helpers/wait-for'

const RUNS = 300
const DAY = 86_400_000
const PRODUCTS = ['MUG', 'TEE']

afterEach(stopAll)

test('kill -9 mid-batch, restart: each order asked once, one Send per run', async () => {
  await prepareCatalogWrite()
  await prepareFlowJobs()
  await prepareSendQueue()
  const companyId = (await makeCompany('Review kill')).id
  const t0 = new Date()
  for (const externalId of PRODUCTS)
    await inWriteTx(() =>
      createItemOps(
        companyId,
        { externalId, title: externalId, description: 'd', url: `https://shop.test/${externalId}`, price: 9 },
        t0,
      ),
    )
  const flowId = await createFlowFromTemplate(companyId, 'review_request')
  const actions = await db.flowAction.findMany({ where: { companyId, flowId } })
  const actionId = actions.find((a) => a.actionType === 'send-review-request')!.id
  const ids = actions.map((a) => a.id)
  await setActionStatuses(companyId, flowId, ids, 'live')
  await setFlowStatus(companyId, flowId, 'live')
  await ingestEvents(
    companyId,
    Array.from({ length: RUNS }, (_, i) => ({
      metric: { name: 'Fulfilled Order' },
      profile: { email: `buyer${i}@example.test` },
      properties: { OrderId: `K${i}`, Items: PRODUCTS.map((id) => ({ ProductID: id, ProductName: id })) },
      uniqueId: `fulfil-K${i}`,
    })),
  )
  expect(await db.flowRun.count({ where: { flowId } })).toBe(RUNS)
  const entered = new Date()
  await drainFlowRuns({ now: () => entered }) // every run starts its 7 days' wait
  expect(await db.flowRun.count({ where: { flowId, status: 'completed' } })).toBe(0)
  const asked = () => db.flowStep.count({ where: { companyId, actionId } })

  // The victim: its clock a minute past the 7 days' wait, a short lease, small batches.
  const offset = 7 * DAY + 60_000
  const victim = startWorkerChild(
    { WORKER_ID: 'victim', LEASE_MS: '3000', BATCH: '10', NOW_OFFSET_MS: String(offset) },
    'tests/helpers/flows-engine-worker.mts',
  )
  const atKill = await waitFor(async () => ((await asked()) >= RUNS / 3 ? await asked() : 0), {
    timeout: 90_000,
    interval: 5,
    what: 'the victim to ask a third of the orders',
    detail: victim.output,
  })
  await victim.kill()
  const completedAtKill = await db.flowRun.count({ where: { flowId, status: 'completed' } })
  const leased = await db.flowRun.count({ where: { flowId, lockedBy: 'victim', status: 'active' } })
  expect(completedAtKill).toBeLessThan(RUNS) // killed before the end
  console.log(`killed after ${atKill}+ review request steps; ${completedAtKill} runs completed, ${leased} leased`)

  // The survivor: its clock past the dead worker's leases too.
  const later = new Date(Date.now() + offset + 10_000)
  await waitFor(
    async () => {
      await drainFlowRuns({ workerId: 'survivor', now: () => later })
      return !(await db.flowRun.count({ where: { flowId, status: { not: 'completed' } } }))
    },
    { timeout: 90_000, what: 'every run to complete' },
  )

  const steps = await db.flowStep.findMany({ where: { companyId, actionId } })
  expect(steps).toHaveLength(RUNS)
  expect(new Set(steps.map((s) => s.runId)).size).toBe(RUNS)
  expect(steps.every((s) => s.status === 'done')).toBe(true)
  const sends = await db.send.findMany({ where: { companyId, sourceType: 'flow_action_run' } })
  expect(sends).toHaveLength(RUNS)
  expect(new Set(sends.map((s) => s.profileId)).size).toBe(RUNS)
  const requests = await db.reviewRequest.findMany({ where: { companyId } })
  expect(requests).toHaveLength(RUNS * PRODUCTS.length)
  const sendIds = new Set(sends.map((s) => s.id))
  expect(requests.every((r) => r.sendId !== null && sendIds.has(r.sendId))).toBe(true)
})
