/** @jest-environment node */
// Backpopulation (seed 002 §7.2) through the real /ajax route handlers: POST
// /ajax/flow/{id}/backpopulate (useGroupAddTime), GET …/backpopulate/status (taskId 'latest' by
// default), …/bootstrap and …/notified_task/{taskId}; the task adds the trigger list's current
// members (never twice for the same membership) or the profiles of past trigger events within a
// window, page by page with progress; permission flows_backpopulate; another company gets 404.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)

import { db } from '@/lib/db/client'
import { flowDefinition, type FlowDefinition } from '@/lib/flows/definition'
import { createFlow } from '@/lib/flows/store'
import { prepareFlowJobs } from '@/lib/flows/engine/enter-flow'
import { createList } from '@/lib/groups/create-list'
import { addProfilesToList } from '@/lib/groups/list-membership'
import { ingestEvents } from '@/lib/events/ingest-events'
import { runBackfillTask, type BackfillTaskView } from '@/lib/flows/triggers/backfill'
import { ulid } from '@/lib/ids/make-id'
import { POST as backpopulate } from '@/app/ajax/flow/[id]/backpopulate/route'
import { GET as status } from '@/app/ajax/flow/[id]/backpopulate/status/route'
import { GET as bootstrap } from '@/app/ajax/flow/[id]/backpopulate/bootstrap/route'
import { GET as notified } from '@/app/ajax/flow/[id]/backpopulate/notified_task/[taskId]/route'
import { ajaxRequest, makeCompany, makeUser, params, signIn } from '../helpers/factory'

let A: number
let B: number
let ownerA: string
let ownerB: string
let analystA: string

const oneStep = (triggers: unknown[]) =>
  flowDefinition.parse({
    triggers,
    profile_filter: null,
    entry_action_id: 'a0',
    reentry_criteria: null,
    actions: [{ temporary_id: 'a0', type: 'time-delay', links: { next: null }, data: { unit: 'days', value: 1 } }],
  }) as FlowDefinition

async function post(flowId: string, body: unknown, cookie = ownerA) {
  const res = await backpopulate(
    ajaxRequest(`/ajax/flow/${flowId}/backpopulate`, { method: 'POST', cookie, body }),
    params({ id: flowId }),
  )
  return { status: res.status, json: await res.json() }
}
async function get(handler: typeof status, path: string, p: Record<string, string>, cookie = ownerA) {
  const res = await handler(ajaxRequest(path, { cookie }), params(p))
  return { status: res.status, json: await res.json() }
}

async function profiles(n: number, prefix: string, company = A) {
  const ids = Array.from({ length: n }, () => ulid())
  await db.profile.createMany({
    data: ids.map((id, i) => ({
      id,
      companyId: company,
      email: `${prefix}${i}-${id.slice(-5).toLowerCase()}@bf.test`,
    })),
  })
  return ids
}

beforeAll(async () => {
  await prepareFlowJobs()
  A = (await makeCompany('Backfill A')).id
  B = (await makeCompany('Backfill B')).id
  ownerA = await signIn((await makeUser({ companyId: A })).id, A)
  ownerB = await signIn((await makeUser({ companyId: B })).id, B)
  analystA = await signIn((await makeUser({ companyId: A, role: 'analyst' })).id, A)
})

describe('list trigger backpopulation', () => {
  let flowId: string
  let listId: string
  let before: string[]
  let after: string[]

  beforeAll(async () => {
    listId = (await createList(A, { name: 'Existing customers' })).id
    before = await profiles(5, 'old')
    await addProfilesToList(A, listId, before)
    await new Promise((r) => setTimeout(r, 20))
    flowId = await createFlow(A, {
      name: 'Welcome',
      status: 'live',
      definition: oneStep([{ type: 'list', id: listId }]),
    })
    // Joined after the flow went live: already entered by the trigger itself.
    after = await profiles(2, 'new')
    await addProfilesToList(A, listId, after)
  })

  test('bootstrap names the trigger and how many members would be considered', async () => {
    const { status: code, json } = await get(bootstrap, `/ajax/flow/${flowId}/backpopulate/bootstrap`, { id: flowId })
    expect(code).toBe(200)
    expect(json).toMatchObject({
      flowId,
      canBackpopulate: true,
      trigger: { type: 'list', id: listId, name: 'Existing customers' },
      candidates: 7,
      latestTask: null,
    })
    expect((await get(status, `/ajax/flow/${flowId}/backpopulate/status`, { id: flowId })).json).toEqual({ task: null })
  })

  test('useGroupAddTime: the members not yet in the flow enter at their add time, page by page with progress; nobody twice', async () => {
    expect(await db.flowRun.count({ where: { flowId } })).toBe(2)
    const { status: code, json } = await post(flowId, { use_group_add_time: true })
    expect(code).toBe(202)
    expect(json).toMatchObject({
      flowId,
      status: 'queued',
      triggerKind: 'list',
      useGroupAddTime: true,
      total: 7,
      processed: 0,
      progress: 0,
    })
    const seen: BackfillTaskView[] = []
    const done = await runBackfillTask(json.taskId, { pageSize: 3, onPage: (t) => seen.push(t) })
    expect(seen.map((t) => t.processed)).toEqual([3, 6, 7])
    expect(seen.slice(0, -1).every((t) => t.status === 'running' && t.progress > 0 && t.progress < 100)).toBe(true)
    expect(done).toMatchObject({ status: 'completed', progress: 100, processed: 7, entered: 5 })

    const runs = await db.flowRun.findMany({ where: { flowId, entryKey: `backfill:${json.taskId}` } })
    expect(runs.map((r) => r.profileId).sort()).toEqual([...before].sort())
    const m = await db.groupMembership.findFirstOrThrow({ where: { groupId: listId, profileId: before[0]! } })
    const run = runs.find((r) => r.profileId === before[0])!
    expect(run.createdAt.getTime()).toBe(m.enteredAt.getTime())
    expect(run).toMatchObject({ status: 'active', triggerKind: 'list', companyId: A })

    // Status by 'latest' (the default) and by id.
    const latest = await get(status, `/ajax/flow/${flowId}/backpopulate/status`, { id: flowId })
    expect(latest.json.task).toMatchObject({
      taskId: json.taskId,
      status: 'completed',
      entered: 5,
      progress: 100,
      notified: false,
    })
    expect(
      (await get(status, `/ajax/flow/${flowId}/backpopulate/status?taskId=${json.taskId}`, { id: flowId })).json.task
        .taskId,
    ).toBe(json.taskId)

    // A second backpopulation adds nobody: all are in by their current membership.
    const again = await post(flowId, { useGroupAddTime: false })
    expect((await runBackfillTask(again.json.taskId))!.entered).toBe(0)
    expect(await db.flowRun.count({ where: { flowId } })).toBe(7)

    // The notice: marked once.
    const n = await get(notified, `/ajax/flow/${flowId}/backpopulate/notified_task/${json.taskId}`, {
      id: flowId,
      taskId: json.taskId,
    })
    expect(n.json.task).toMatchObject({ taskId: json.taskId, notified: true })
  })

  test('a member who left, re-joined and entered live by the trigger is not added again by a backpopulation', async () => {
    const [p] = await profiles(1, 'rejoin')
    await addProfilesToList(A, listId, [p!])
    const { removeProfilesFromList } = await import('@/lib/groups/list-membership')
    await removeProfilesFromList(A, listId, [p!])
    await new Promise((r) => setTimeout(r, 20))
    await db.flowRun.deleteMany({ where: { flowId, profileId: p! } }) // as if it had entered before the flow existed
    await addProfilesToList(A, listId, [p!]) // entered live again
    const start = Date.now()
    const t = await post(flowId, {})
    const done = await runBackfillTask(t.json.taskId)
    expect(done!.entered).toBe(0)
    const runs = await db.flowRun.findMany({ where: { flowId, profileId: p! } })
    expect(runs).toHaveLength(1)
    expect(runs[0]!.createdAt.getTime()).toBeLessThanOrEqual(start)
  })

  test('permission and tenancy: an analyst gets 403; company B gets 404 on every path; bad input 400', async () => {
    expect((await post(flowId, {}, analystA)).status).toBe(403)
    expect((await post(flowId, {}, ownerB)).status).toBe(404)
    expect((await get(status, `/ajax/flow/${flowId}/backpopulate/status`, { id: flowId }, ownerB)).status).toBe(404)
    expect((await get(bootstrap, `/ajax/flow/${flowId}/backpopulate/bootstrap`, { id: flowId }, ownerB)).status).toBe(
      404,
    )
    const task = (await get(status, `/ajax/flow/${flowId}/backpopulate/status`, { id: flowId })).json.task
    expect(
      (
        await get(
          notified,
          `/ajax/flow/${flowId}/backpopulate/notified_task/${task.taskId}`,
          { id: flowId, taskId: task.taskId },
          ownerB,
        )
      ).status,
    ).toBe(404)
    const bad = await post(flowId, { useGroupAddTime: 'maybe' })
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.json.fieldErrors)).toContain('useGroupAddTime')
    // B's own flow with B's list: A's members never appear.
    const listB = (await createList(B, { name: 'B list' })).id
    const [pb] = await profiles(1, 'b', B)
    await addProfilesToList(B, listB, [pb!])
    const flowB = await createFlow(B, {
      name: 'B flow',
      status: 'live',
      definition: oneStep([{ type: 'list', id: listB }]),
    })
    await db.flowRun.deleteMany({ where: { flowId: flowB } })
    const tb = await post(flowB, {}, ownerB)
    expect((await runBackfillTask(tb.json.taskId))!.entered).toBe(1)
    expect((await db.flowRun.findMany({ where: { flowId: flowB } })).map((r) => [r.profileId, r.companyId])).toEqual([
      [pb, B],
    ])
  })
})

describe('metric trigger backpopulation', () => {
  test('the profiles of past matching events within the window enter once each, with their latest event', async () => {
    const day = 86_400_000
    const t = (daysAgo: number) => new Date(Date.now() - daysAgo * day).toISOString()
    const ev = (email: string, total: number, daysAgo: number) => ({
      metric: { name: 'Viewed Product' },
      profile: { email },
      properties: { total },
      time: t(daysAgo),
    })
    // Historical: these never triggered anything when ingested.
    await ingestEvents(A, [
      ev('m1@bf.test', 50, 3),
      ev('m1@bf.test', 70, 2),
      ev('m2@bf.test', 5, 2),
      ev('m3@bf.test', 80, 45),
      ev('m4@bf.test', 90, 10),
    ])
    const metricId = (await db.metric.findFirstOrThrow({ where: { companyId: A, name: 'Viewed Product' } })).id
    const flowId = await createFlow(A, {
      name: 'Browse',
      status: 'live',
      definition: oneStep([
        {
          type: 'metric',
          id: metricId,
          trigger_filter: {
            condition_groups: [
              {
                conditions: [
                  {
                    type: 'metric-property',
                    metric_id: metricId,
                    field: 'total',
                    filter: { type: 'numeric', operator: 'greater-than', value: 10 },
                  },
                ],
              },
            ],
          },
        },
      ]),
    })
    expect(await db.flowRun.count({ where: { flowId } })).toBe(0)
    const boot = await get(bootstrap, `/ajax/flow/${flowId}/backpopulate/bootstrap`, { id: flowId })
    expect(boot.json).toMatchObject({
      trigger: { type: 'metric', id: metricId, name: 'Viewed Product' },
      candidates: 4,
    })
    const { json } = await post(flowId, { since: t(30) })
    expect(json).toMatchObject({ triggerKind: 'metric', total: 4 })
    const done = await runBackfillTask(json.taskId, { pageSize: 2 })
    expect(done).toMatchObject({ status: 'completed', entered: 2 })
    const runs = await db.flowRun.findMany({ where: { flowId } })
    const emails = await db.profile.findMany({
      where: { id: { in: runs.map((r) => r.profileId) } },
      select: { id: true, email: true },
    })
    expect(emails.map((e) => e.email).sort()).toEqual(['m1@bf.test', 'm4@bf.test'])
    const m1 = runs.find((r) => r.profileId === emails.find((e) => e.email === 'm1@bf.test')!.id)!
    expect(m1.entryKey).toBe(`backfill:${json.taskId}`)
    expect(JSON.parse(m1.triggerEvent!)).toMatchObject({ metric: 'Viewed Product', properties: { total: 70 } })
  })

  test('a flow with no list, segment or metric trigger: 400', async () => {
    const flowId = await createFlow(A, { name: 'No trigger', status: 'live', definition: oneStep([]) })
    const res = await post(flowId, {})
    expect(res.status).toBe(400)
    expect(res.json.fieldErrors).toHaveProperty('trigger')
  })
})
