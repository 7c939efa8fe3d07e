/** @jest-environment node */
// The 'flows.advance' job end to end through the real queue: an entry enqueues it, the worker
// runs the first steps and leaves a job at the delay's wake-up time, and after a "restart"
// (nothing in memory but the rows) the queue clock passing that time wakes the run and it sends.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)

import { db } from '@/lib/db/client'
import { runJobsUntilIdle } from '@/lib/jobs/queue'
import { setQueueClock } from '@/lib/jobs/clock'
import { handlers } from '@/lib/jobs/registry'
import { register } from '@/lib/flows/jobs'
import { flowDefinition, type FlowDefinition } from '@/lib/flows/definition'
import { createFlow } from '@/lib/flows/store'
import { enterFlow } from '@/lib/flows/engine/enter-flow'
import { clearEngineCache } from '@/lib/flows/engine/cache'
import { queuedJobs } from '../helpers/queued-jobs'
import { makeCompany } from '../helpers/factory'

afterAll(() => setQueueClock(null))

test('enter → job → sleep; restart; the clock passes the wake time → the run wakes and sends once', async () => {
  register()
  const companyId = (await makeCompany('Jobs')).id
  await db.profile.create({ data: { id: 'PJ1', companyId, phoneNumber: '+15550002222' } })
  const def = flowDefinition.parse({
    triggers: [],
    profile_filter: null,
    reentry_criteria: null,
    entry_action_id: 'd',
    actions: [
      { temporary_id: 'd', type: 'time-delay', links: { next: 's' }, data: { unit: 'minutes', value: 10 } },
      {
        temporary_id: 's',
        type: 'send-sms',
        links: { next: null },
        data: { status: 'live', message: { body: 'Back' } },
      },
    ],
  }) as FlowDefinition
  const flowId = await createFlow(companyId, { name: 'Jobs', definition: def, status: 'live' })
  const t0 = new Date(Math.ceil(Date.now() / 1000) * 1000 + 5000)
  setQueueClock(t0)
  const r = (await enterFlow({ companyId, flowId, profileId: 'PJ1', entryKey: 'e1', triggerKind: 'metric', now: t0 }))!
  await runJobsUntilIdle()
  const run = await db.flowRun.findUniqueOrThrow({ where: { id: r.runId } })
  expect(run.status).toBe('active')
  expect(run.wakeAt!.getTime()).toBe(t0.getTime() + 10 * 60_000)
  const pending = (await queuedJobs({ type: 'flows.advance' })).filter((j) => j.status === 'queued')
  expect(pending.map((j) => j.runAt.getTime())).toContain(t0.getTime() + 10 * 60_000)

  // "Restart": forget every in-memory cache and handler; only the rows remain.
  clearEngineCache()
  handlers.clear()
  register()
  setQueueClock(new Date(t0.getTime() + 9 * 60_000))
  await runJobsUntilIdle()
  expect((await db.flowRun.findUniqueOrThrow({ where: { id: r.runId } })).status).toBe('active')
  setQueueClock(new Date(t0.getTime() + 10 * 60_000 + 1000))
  await runJobsUntilIdle()
  expect(await db.flowRun.findUniqueOrThrow({ where: { id: r.runId } })).toMatchObject({ status: 'completed' })
  const sends = await db.send.findMany({ where: { companyId, sourceType: 'flow_action_run' } })
  expect(sends).toHaveLength(1)
  expect(sends[0]!.channel).toBe('sms')
})
