/** @jest-environment node */
// Kill test: a worker process advancing runs is killed with SIGKILL in the middle of a batch; a
// fresh worker takes over once the leases end. No step is lost and none is repeated: every run
// completes with exactly one FlowStep and one Send per action (counted rows).
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(120_000)

import { spawn } from 'node:child_process'
import { db } from '@/lib/db/client'
import { flowDefinition, type FlowDefinition } from '@/lib/flows/definition'
import { createFlow } from '@/lib/flows/store'
import { enterFlow, prepareFlowJobs } from '@/lib/flows/engine/enter-flow'
import { drainFlowRuns } from '@/lib/flows/engine/advance-runs'
import { makeCompany } from '../helpers/factory'

const RUNS = 400
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

test('kill -9 mid-batch, restart: every run completes with one step and one Send per action', async () => {
  const companyId = (await makeCompany('Kill')).id
  await prepareFlowJobs()
  await db.template.create({
    data: {
      id: 'TplKill',
      companyId,
      name: 'T',
      editorType: 'CODE',
      html: 'x',
      compiledHtml: '<p>x</p>',
      compiledText: 'x',
    },
  })
  const def = flowDefinition.parse({
    triggers: [],
    profile_filter: null,
    reentry_criteria: null,
    entry_action_id: 'a',
    actions: [
      {
        temporary_id: 'a',
        type: 'send-email',
        links: { next: 'b' },
        data: { status: 'live', message: { subject_line: 'A', template_id: 'TplKill' } },
      },
      {
        temporary_id: 'b',
        type: 'conditional-split',
        links: { next_if_true: 'c', next_if_false: 'c' },
        data: { profile_filter: { condition_groups: [] } },
      },
      { temporary_id: 'c', type: 'send-sms', links: { next: null }, data: { status: 'live', message: { body: 'C' } } },
    ],
  }) as FlowDefinition
  const flowId = await createFlow(companyId, { name: 'Kill', definition: def, status: 'live' })
  await db.profile.createMany({
    data: Array.from({ length: RUNS }, (_, i) => ({
      id: `PK${i}`,
      companyId,
      email: `k${i}@example.test`,
      phoneNumber: `+1555000${String(i).padStart(4, '0')}`,
    })),
  })
  const now = new Date()
  for (let i = 0; i < RUNS; i++)
    await enterFlow({ companyId, flowId, profileId: `PK${i}`, entryKey: `e:${i}`, triggerKind: 'metric', now })

  // node --import tsx: the worker itself is the child (tsx's launcher would leave it running when the launcher is killed)
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/helpers/flows-engine-worker.mts'], {
    env: { ...process.env, WORKER_ID: 'victim', LEASE_MS: '3000', BATCH: '25', ENABLE_INPROCESS_WORKER: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()))
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()))
  const exited = new Promise<void>((r) => child.on('exit', () => r()))
  // Kill it once it has done some work but not all.
  const deadline = Date.now() + 60_000
  let steps = 0
  while (Date.now() < deadline) {
    steps = await db.flowStep.count({ where: { flowId } })
    if (steps >= 150) break
    await sleep(5)
  }
  child.kill('SIGKILL')
  await exited
  expect(steps).toBeGreaterThan(0)
  const leftLeased = await db.flowRun.count({ where: { flowId, lockedBy: 'victim', status: 'active' } })
  const doneAtKill = await db.flowRun.count({ where: { flowId, status: 'completed' } })
  expect(doneAtKill).toBeLessThan(RUNS) // killed before the end
  console.log(
    `killed after ${steps}+ steps; ${doneAtKill} runs completed, ${leftLeased} held by the dead worker's lease`,
  )

  // The survivor: its clock past the dead worker's leases.
  for (let i = 0; i < 50; i++) {
    const later = new Date(Date.now() + 5_000)
    await drainFlowRuns({ workerId: 'survivor', now: () => later })
    if (!(await db.flowRun.count({ where: { flowId, status: { not: 'completed' } } }))) break
  }
  expect(await db.flowRun.count({ where: { flowId, status: 'completed' } })).toBe(RUNS)
  expect(await db.flowStep.count({ where: { flowId } })).toBe(RUNS * 3)
  const sends = await db.send.groupBy({
    by: ['channel'],
    where: { companyId, sourceType: 'flow_action_run' },
    _count: { _all: true },
  })
  expect(Object.fromEntries(sends.map((s) => [s.channel, s._count._all]))).toEqual({ email: RUNS, sms: RUNS })
  // one step per (run, action) and one Send per (run, action): the unique keys, counted
  const perRun = await db.flowStep.groupBy({ by: ['runId'], where: { flowId }, _count: { _all: true } })
  expect(perRun.every((r) => r._count._all === 3)).toBe(true)
  expect(out).toContain('started')
})
