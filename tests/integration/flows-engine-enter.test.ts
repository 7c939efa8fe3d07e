/** @jest-environment node */
// lib/flows/engine/enter-flow.ts: a run per entry key, reentry_criteria, flow status, and the
// 'flows.advance' wake-up job written in the same transaction.
import { useTestDatabase, testEngine } from '../helpers/test-db'
useTestDatabase()

import { db } from '@/lib/db/client'
import { flowDefinition, type FlowDefinition } from '@/lib/flows/definition'
import { createFlow, saveFlowVersion, getFlowVersionDefinition, setFlowStatus } from '@/lib/flows/store'
import { enterFlow, reentryCutoff } from '@/lib/flows/engine/enter-flow'
import { makeCompany } from '../helpers/factory'

let companyId: number
let otherId: number
const T0 = new Date('2026-03-02T10:00:00.000Z')
const hours = (h: number) => new Date(T0.getTime() + h * 3_600_000)

const def = (reentry: unknown) =>
  flowDefinition.parse({
    triggers: [],
    profile_filter: null,
    entry_action_id: 'a0',
    reentry_criteria: reentry,
    actions: [{ temporary_id: 'a0', type: 'time-delay', links: { next: null }, data: { unit: 'days', value: 1 } }],
  }) as FlowDefinition

async function flow(reentry: unknown, status: 'live' | 'manual' | 'draft' = 'live') {
  return createFlow(companyId, { name: 'F', definition: def(reentry), status })
}
const enter = (flowId: string, entryKey: string, now = T0, profileId = 'P1', company = companyId) =>
  enterFlow({ companyId: company, flowId, profileId, entryKey, triggerKind: 'metric', now })

beforeAll(async () => {
  companyId = (await makeCompany('Enter A')).id
  otherId = (await makeCompany('Enter B')).id
  await db.profile.create({ data: { id: 'P1', companyId, email: 'p1@example.test' } })
  await db.profile.create({ data: { id: 'P2', companyId: otherId, email: 'p2@example.test' } })
})

test('reentryCutoff reads the vendor criteria', () => {
  expect(reentryCutoff(null, T0)).toBeNull()
  expect(reentryCutoff({ duration: 1, unit: 'alltime' }, T0)).toBe('ever')
  expect(reentryCutoff({ duration: 0, unit: 'alltime' }, T0)).toBeNull()
  expect(reentryCutoff({ duration: 2, unit: 'hour' }, T0)).toEqual(hours(-2))
  expect(reentryCutoff({ duration: 1, unit: 'week' }, T0)).toEqual(hours(-168))
})

test('a run at the current version and entry action, due now, with a wake-up job; the same entry key enters once', async () => {
  const flowId = await flow(null)
  const first = await enter(flowId, 'event:1')
  expect(first).not.toBeNull()
  expect(await enter(flowId, 'event:1')).toBeNull()
  const run = await db.flowRun.findUniqueOrThrow({ where: { id: first!.runId } })
  const stored = await getFlowVersionDefinition(companyId, flowId)
  expect(run).toMatchObject({
    companyId,
    flowId,
    version: 1,
    profileId: 'P1',
    status: 'active',
    currentActionId: stored!.entry_action_id,
    triggerKind: 'metric',
  })
  expect(run.wakeAt?.toISOString()).toBe(T0.toISOString())
  if (testEngine() === 'sqlite')
    expect(await db.job.count({ where: { type: 'flows.advance' } })).toBeGreaterThanOrEqual(1)
  // null criteria: another trigger enters again
  expect(await enter(flowId, 'event:2', hours(1))).not.toBeNull()
  expect(await db.flowRun.count({ where: { flowId } })).toBe(2)
})

test('alltime 1 never re-enters; alltime 0 always may', async () => {
  const never = await flow({ duration: 1, unit: 'alltime' })
  expect(await enter(never, 'e:1')).not.toBeNull()
  expect(await enter(never, 'e:2', hours(10_000))).toBeNull()
  const always = await flow({ duration: 0, unit: 'alltime' })
  expect(await enter(always, 'e:1')).not.toBeNull()
  expect(await enter(always, 'e:2', hours(0.001))).not.toBeNull()
})

test('N hours/days: not within the window, again after it', async () => {
  const f = await flow({ duration: 2, unit: 'day' })
  expect(await enter(f, 'e:1')).not.toBeNull()
  expect(await enter(f, 'e:2', hours(47))).toBeNull()
  expect(await enter(f, 'e:3', hours(48.01))).not.toBeNull()
  expect(await enter(f, 'e:4', hours(60))).toBeNull()
})

test('only live and manual flows take entries; new entries follow the latest version', async () => {
  const draft = await flow(null, 'draft')
  expect(await enter(draft, 'e:1')).toBeNull()
  const manual = await flow(null, 'manual')
  expect(await enter(manual, 'e:1')).not.toBeNull()
  const live = await flow(null)
  await setFlowStatus(companyId, live, 'paused')
  expect(await enter(live, 'e:1')).toBeNull()
  await setFlowStatus(companyId, live, 'live')
  const d = (await getFlowVersionDefinition(companyId, live))!
  await saveFlowVersion(companyId, live, { ...d, reentry_criteria: null })
  const r = await enter(live, 'e:2')
  expect((await db.flowRun.findUniqueOrThrow({ where: { id: r!.runId } })).version).toBe(2)
})

test('another company cannot enter a flow or a profile not its own', async () => {
  const f = await flow(null)
  expect(await enter(f, 'x:1', T0, 'P1', otherId)).toBeNull()
  expect(await enter(f, 'x:2', T0, 'P2', companyId)).toBeNull()
  expect(await db.flowRun.count({ where: { flowId: f } })).toBe(0)
})
