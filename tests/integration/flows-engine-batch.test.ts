/** @jest-environment node */
// Many runs at the same action are stepped as a set (lib/flows/engine/batch-step.ts): one Send
// per run with its own key, the same step rows and moves as one run at a time, and a retry (the
// step rows written, or only the Sends) adds nothing. A run taken over by another worker in the
// middle rolls the batch back whole.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)

import { db } from '@/lib/db/client'
import { inWriteTx } from '@/lib/db/ops'
import { flowDefinition, type FlowDefinition } from '@/lib/flows/definition'
import { createFlow, getFlowVersionDefinition } from '@/lib/flows/store'
import { enterFlow, prepareFlowJobs } from '@/lib/flows/engine/enter-flow'
import { drainFlowRuns } from '@/lib/flows/engine/advance-runs'
import { batchStepOps } from '@/lib/flows/engine/batch-step'
import { GONE_FLOW, LeaseLost, versionOps, type ClaimedRun } from '@/lib/flows/engine/step'
import { read } from '@/lib/db/ops'
import { makeCompany } from '../helpers/factory'

let companyId: number
const NOW = new Date('2026-03-02T10:00:00.000Z')
const N = 60
let seq = 0

beforeAll(async () => {
  companyId = (await makeCompany('Batch')).id
  await prepareFlowJobs()
  await db.template.create({
    data: {
      id: 'TplBatch',
      companyId,
      name: 'T',
      editorType: 'CODE',
      html: '<p>x</p>',
      compiledHtml: '<p>x</p>',
      compiledText: 'x',
    },
  })
})

type A = Record<string, unknown> & { temporary_id: string; type: string }
const email = (t: string, next: string | null, extra: Record<string, unknown> = {}): A => ({
  temporary_id: t,
  type: 'send-email',
  links: { next },
  data: {
    status: 'live',
    message: {
      subject_line: `S ${t}`,
      from_email: 'shop@example.test',
      from_label: 'Shop',
      template_id: 'TplBatch',
      ...extra,
    },
  },
})

async function flowWith(actions: A[], extra: Partial<FlowDefinition> = {}) {
  const def = flowDefinition.parse({
    triggers: [],
    profile_filter: null,
    reentry_criteria: null,
    entry_action_id: actions[0]!.temporary_id,
    actions,
    ...extra,
  }) as FlowDefinition
  const id = await createFlow(companyId, { name: `Batch ${++seq}`, definition: def, status: 'live' })
  const stored = (await getFlowVersionDefinition(companyId, id))!
  return { id, ids: Object.fromEntries(actions.map((a, i) => [a.temporary_id, stored.actions[i]!.id!])) }
}

async function people(n: number, props: (i: number) => Record<string, unknown> = () => ({})) {
  const tag = `B${++seq}x`
  await db.profile.createMany({
    data: Array.from({ length: n }, (_, i) => ({
      id: `${tag}${i}`,
      companyId,
      email: `${tag}${i}@example.test`.toLowerCase(),
      properties: JSON.stringify(props(i)),
    })),
  })
  return Array.from({ length: n }, (_, i) => `${tag}${i}`)
}

async function enterAll(flowId: string, profiles: string[]) {
  const runs: string[] = []
  for (const p of profiles)
    runs.push(
      (await enterFlow({ companyId, flowId, profileId: p, entryKey: 'k', triggerKind: 'metric', now: NOW }))!.runId,
    )
  return runs
}

const sendsOfFlow = (actionId: string) =>
  db.send.findMany({ where: { companyId, sourceType: 'flow_action_run', sourceId: { startsWith: `${actionId}:` } } })
const stepsOfFlow = (flowId: string) => db.flowStep.findMany({ where: { companyId, flowId }, orderBy: { id: 'asc' } })

test('a batch of runs at one send action: one Send per run with its own key, steps and moves as one at a time', async () => {
  const { id, ids } = await flowWith([email('e', 'f'), email('f', null)])
  const profiles = await people(N)
  const runs = await enterAll(id, profiles)
  const r = await drainFlowRuns({ now: () => NOW })
  expect(r).toMatchObject({ claimed: N, steps: 2 * N, failed: 0, batched: 2 * N })

  for (const actionId of [ids.e!, ids.f!]) {
    const sends = await sendsOfFlow(actionId)
    expect(sends).toHaveLength(N)
    expect(new Set(sends.map((s) => s.sourceId))).toEqual(new Set(runs.map((run) => `${actionId}:${run}`)))
    expect(new Set(sends.map((s) => s.profileId))).toEqual(new Set(profiles))
    expect(sends.every((s) => s.status === 'queued' && s.channel === 'email')).toBe(true)
    const ctx = JSON.parse(sends[0]!.context!) as Record<string, unknown>
    expect(ctx).toMatchObject({ $flow: id, $action: actionId, $smart_sending_enabled: true })
  }
  const steps = await stepsOfFlow(id)
  expect(steps).toHaveLength(2 * N)
  const sendIds = new Map(
    (await db.send.findMany({ where: { companyId, sourceType: 'flow_action_run' } })).map((s) => [s.sourceId, s.id]),
  )
  for (const s of steps) {
    expect(s.status).toBe('done')
    expect(s.outcome).toBe(sendIds.get(`${s.actionId}:${s.runId}`))
    expect(JSON.parse(s.detail!)).toMatchObject({ sendId: s.outcome, channel: 'email', $result: { kind: 'next' } })
  }
  const finished = await db.flowRun.findMany({ where: { companyId, flowId: id } })
  expect(
    finished.every(
      (f) => f.status === 'completed' && f.stepCount === 2 && f.lockedBy === null && f.currentActionId === null,
    ),
  ).toBe(true)
})

test('a drain of many small claims (on PostgreSQL two claim loops at once): every run claimed once, every step taken once', async () => {
  const { id, ids } = await flowWith([email('e', 'f'), email('f', null)])
  const profiles = await people(N)
  await enterAll(id, profiles)
  // Claims of 7: nine claims, so on PostgreSQL both loops claim (SKIP LOCKED keeps them apart).
  const r = await drainFlowRuns({ now: () => NOW, batchSize: 7 })
  expect(r).toMatchObject({ claimed: N, steps: 2 * N, failed: 0 })
  expect(r.batches).toBe(Math.ceil(N / 7))
  for (const actionId of [ids.e!, ids.f!]) {
    const sends = await sendsOfFlow(actionId)
    expect(sends).toHaveLength(N)
    expect(new Set(sends.map((s) => s.profileId)).size).toBe(N)
  }
  expect(await stepsOfFlow(id)).toHaveLength(2 * N)
  const finished = await db.flowRun.findMany({ where: { companyId, flowId: id } })
  expect(
    finished.every((f) => f.status === 'completed' && f.stepCount === 2 && f.attempts === 0 && f.lockedBy === null),
  ).toBe(true)
})

test('the same flow, batched or one run at a time, gives the same steps: holdout, profile filter, additional filters', async () => {
  const extra = {
    profile_filter: {
      condition_groups: [
        {
          conditions: [
            {
              type: 'profile-property',
              property: "properties['vip']",
              filter: { type: 'boolean', operator: 'equals', value: true },
            },
          ],
        },
      ],
    },
  }
  const onlyGold = {
    additional_filters: {
      condition_groups: [
        {
          conditions: [
            {
              type: 'profile-property',
              property: "properties['tier']",
              filter: { type: 'string', operator: 'equals', value: 'gold' },
            },
          ],
        },
      ],
    },
  }
  await db.flowHoldoutExperiment.create({ data: { companyId, experimentId: 'exp-batch', percent: 20 } })
  try {
    const profiles = await people(N, (i) => ({ vip: i % 5 !== 0, tier: i % 3 === 0 ? 'gold' : 'silver' }))
    const outcome = async (batchSize: number) => {
      const { id, ids } = await flowWith([email('e', null, onlyGold)], extra as Partial<FlowDefinition>)
      const runs = await enterAll(id, profiles)
      const r = await drainFlowRuns({ now: () => NOW, batchSize })
      expect(r.batched).toBe(batchSize > 1 ? N : 0)
      const steps = await stepsOfFlow(id)
      const byRun = new Map(steps.map((s) => [s.runId, s]))
      const sends = new Set((await sendsOfFlow(ids.e!)).map((s) => s.profileId))
      const rows = await db.flowRun.findMany({ where: { companyId, flowId: id } })
      const run = new Map(rows.map((r) => [r.id, r]))
      return runs.map((runId, i) => {
        const s = byRun.get(runId)!
        const r = run.get(runId)!
        return {
          profile: profiles[i],
          status: s.status,
          outcome: s.outcome === 'skipped' || s.status !== 'done' ? s.outcome : 'send',
          sent: sends.has(profiles[i]!),
          run: r.status,
          exit: r.exitReason,
        }
      })
    }
    const single = await outcome(1)
    const batched = await outcome(500)
    expect(batched).toEqual(single)
    const kinds = new Set(single.map((s) => `${s.status}:${s.outcome}`))
    // every branch of the batch was taken
    expect(kinds).toEqual(
      new Set(['exited:holdout', 'exited:profile_filter', 'skipped:additional_filters', 'done:send']),
    )
  } finally {
    await db.flowHoldoutExperiment.delete({ where: { companyId } })
  }
})

test('a retry adds nothing: step rows written (their stored results are reused), or only the Sends (their keys are found)', async () => {
  const { id, ids } = await flowWith([email('e', null)])
  const profiles = await people(N)
  const runs = await enterAll(id, profiles)
  await drainFlowRuns({ now: () => NOW })
  const sendsBefore = (await sendsOfFlow(ids.e!)).map((s) => s.id).sort()
  const stepsBefore = (await stepsOfFlow(id)).map((s) => [s.runId, s.status, s.outcome])
  expect(sendsBefore).toHaveLength(N)
  const again = () =>
    db.flowRun.updateMany({
      where: { companyId, flowId: id },
      data: {
        status: 'active',
        currentActionId: ids.e!,
        wakeAt: NOW,
        finishedAt: null,
        lockedBy: null,
        leaseUntil: null,
      },
    })

  // 1. The runs are due at the action again (as if their move were lost): the steps exist, nothing is sent.
  await again()
  const r1 = await drainFlowRuns({ now: () => NOW })
  expect(r1).toMatchObject({ claimed: N, steps: 0, failed: 0 })
  expect((await sendsOfFlow(ids.e!)).map((s) => s.id).sort()).toEqual(sendsBefore)
  expect((await stepsOfFlow(id)).map((s) => [s.runId, s.status, s.outcome])).toEqual(stepsBefore)
  expect(await db.flowRun.count({ where: { companyId, flowId: id, status: 'completed' } })).toBe(N)

  // 2. Only the Sends are left (no step rows): the batch runs again and the send keys find every row.
  await db.flowStep.deleteMany({ where: { companyId, flowId: id } })
  await again()
  const r2 = await drainFlowRuns({ now: () => NOW })
  expect(r2).toMatchObject({ claimed: N, steps: N, failed: 0, batched: N })
  expect((await sendsOfFlow(ids.e!)).map((s) => s.id).sort()).toEqual(sendsBefore)
  const steps = await stepsOfFlow(id)
  expect(steps).toHaveLength(N)
  expect(steps.every((s) => s.status === 'skipped' && s.outcome === 'skipped')).toBe(true)
  expect(new Set(steps.map((s) => s.runId))).toEqual(new Set(runs))
})

test('a run taken over by another worker mid-batch: the batch rolls back whole, nothing is sent twice', async () => {
  const { id, ids } = await flowWith([email('e', null)])
  const profiles = await people(10)
  const runIds = await enterAll(id, profiles)
  await db.flowRun.updateMany({
    where: { companyId, flowId: id },
    data: { lockedBy: 'w1', leaseUntil: new Date(NOW.getTime() + 60_000) },
  })
  await db.flowRun.update({ where: { id: runIds[3]! }, data: { lockedBy: 'w2' } })
  const rows = await db.flowRun.findMany({ where: { companyId, flowId: id }, orderBy: { id: 'asc' } })
  const claimed: ClaimedRun[] = rows.map((r) => ({
    id: r.id,
    companyId: r.companyId,
    flowId: r.flowId,
    version: r.version,
    profileId: r.profileId,
    currentActionId: r.currentActionId,
    triggerKind: r.triggerKind,
    triggerEvent: r.triggerEvent,
    createdAt: r.createdAt,
    attempts: r.attempts,
  }))
  const version = (await read(versionOps(companyId, id, rows[0]!.version)))!
  const flow = { ...GONE_FLOW, status: 2, actionStatus: new Map<string, string>() }
  await expect(
    inWriteTx(() =>
      batchStepOps(
        claimed.map((run) => ({ run, fresh: false })),
        { flow, version, workerId: 'w1', now: NOW, keepLease: false },
      ),
    ),
  ).rejects.toBeInstanceOf(LeaseLost)
  expect(await sendsOfFlow(ids.e!)).toHaveLength(0)
  expect(await stepsOfFlow(id)).toHaveLength(0)
  expect(await db.flowRun.count({ where: { companyId, flowId: id, status: 'active' } })).toBe(10)

  // The engine falls back to one run at a time: the nine runs w1 still holds step, the tenth is left to w2.
  const others = claimed.filter((c) => c.id !== runIds[3])
  const outs = await inWriteTx(() =>
    batchStepOps(
      others.map((run) => ({ run, fresh: false })),
      { flow, version, workerId: 'w1', now: NOW, keepLease: false },
    ),
  )
  expect(outs).toHaveLength(9)
  expect(await sendsOfFlow(ids.e!)).toHaveLength(9)
  expect((await db.flowRun.findUniqueOrThrow({ where: { id: runIds[3]! } })).status).toBe('active')
})

test('update-profile as a set: the same properties, attribute times and step results as one run at a time, a profile entered twice included', async () => {
  const action = (t: string): A => ({
    temporary_id: t,
    type: 'update-profile',
    links: { next: null },
    data: {
      status: 'live',
      profile_operations: [
        { operator: 'update', property_type: 'string', property_key: 'last_flow', property_value: 'thanked' },
        {
          operator: 'update',
          property_type: 'list',
          property_operation: 'add',
          property_key: 'tags',
          property_value: 'vip',
        },
        { operator: 'update', property_type: 'date', property_key: 'seen', property_value: 'today' },
      ],
    },
  })
  const result = async (batchSize: number) => {
    const profiles = await people(12, (i) => ({
      tags: i % 2 ? ['old'] : 'solo',
      $timezone: i % 3 ? 'Asia/Tokyo' : undefined,
    }))
    const { id } = await flowWith([action('u')])
    const runs = await enterAll(id, profiles)
    const twice = (await enterFlow({
      companyId,
      flowId: id,
      profileId: profiles[0]!,
      entryKey: 'again',
      triggerKind: 'metric',
      now: NOW,
    }))!.runId
    const r = await drainFlowRuns({ now: () => NOW, batchSize })
    expect(r.batched).toBe(batchSize > 1 ? 13 : 0)
    const steps = new Map(
      (await stepsOfFlow(id)).map((s) => [s.runId, [s.status, s.outcome, JSON.parse(s.detail!).properties]]),
    )
    const rows = await db.profile.findMany({ where: { companyId, id: { in: profiles } }, orderBy: { id: 'asc' } })
    return {
      steps: [...runs, twice].map((run) => steps.get(run)),
      profiles: rows.map((p) => [JSON.parse(p.properties), JSON.parse(p.attributeTimes ?? '{}')]),
    }
  }
  const single = await result(1)
  const batched = await result(500)
  expect(batched).toEqual(single)
  expect(single.steps[0]).toEqual(['done', 'updated', ['last_flow', 'tags', 'seen']])
  expect(single.profiles[1]![0]).toMatchObject({ last_flow: 'thanked', tags: ['old', 'vip'] })
})
