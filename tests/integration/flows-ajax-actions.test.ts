/** @jest-environment node */
// The /ajax action calls of seed 002 §7.3 against the real route handlers and a real database:
// add on a path, update, status (single and bulk), clone, delete with keepPath, flip, move,
// rejoin, disconnect, timing, setting, message create, list update, ab_test create and the
// profile-operation check. Every edit is a new version; bad input is a 400 with field errors and
// the version unchanged; another company's flows and actions are 404 and untouched.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)

import { db } from '@/lib/db/client'
import { LIST } from '@/lib/groups/group-view'
import { flowDefinition, type FlowAction, type FlowDefinition } from '@/lib/flows/definition'
import { createFlow, getFlowDefinition } from '@/lib/flows/store'
import { POST as addPost } from '@/app/ajax/flow/path/[id]/action/add/route'
import { POST as updatePost } from '@/app/ajax/flow/action/[id]/update/route'
import { POST as statusPost } from '@/app/ajax/flow/action/[id]/status/route'
import { POST as clonePost } from '@/app/ajax/flow/action/[id]/clone/route'
import { POST as deletePost } from '@/app/ajax/flow/action/[id]/delete/route'
import { POST as flipPost } from '@/app/ajax/flow/action/[id]/flip/route'
import { POST as movePost } from '@/app/ajax/flow/action/[id]/move/route'
import { POST as rejoinPost } from '@/app/ajax/flow/action/[id]/rejoin/route'
import { POST as disconnectPost } from '@/app/ajax/flow/action/[id]/disconnect/route'
import { POST as timingPost } from '@/app/ajax/flow/action/[id]/timing/route'
import { POST as settingPost } from '@/app/ajax/flow/action/[id]/setting/route'
import { POST as messageCreatePost } from '@/app/ajax/flow/action/[id]/message/create/route'
import { POST as listUpdatePost } from '@/app/ajax/flow/action/[id]/list_update/update/route'
import { POST as abTestPost } from '@/app/ajax/flow/action/[id]/ab_test/create/route'
import { POST as bulkStatusPost } from '@/app/ajax/flow/[id]/actions/status/route'
import { POST as validateOpsPost } from '@/app/ajax/flow/action/profile-operation/validate/route'
import { ajaxRequest, makeCompany, makeUser, params, signIn } from '../helpers/factory'

type Handler = (req: Request, ctx?: { params?: Promise<Record<string, string>> }) => Promise<Response>
let A: number, B: number, cookieA: string, cookieB: string, coordinatorA: string

async function call(h: Handler, id: string, body: unknown = {}, cookie = cookieA) {
  const res = await h(ajaxRequest('/ajax/flow/x', { method: 'POST', cookie, body }), params({ id }))
  return { status: res.status, json: await res.json() }
}
const version = async (flowId: string) => (await db.flow.findUniqueOrThrow({ where: { id: flowId } })).currentVersion
const def = (flowId: string) => getFlowDefinition(A, flowId)
const byType = (d: FlowDefinition, type: string) => d.actions.filter((a) => a.type === type)
const one = (d: FlowDefinition, type: string) => byType(d, type)[0]!
const links = (a: FlowAction) => (a as { links?: Record<string, string | null> | null }).links

beforeAll(async () => {
  A = (await makeCompany('Actions A')).id
  B = (await makeCompany('Actions B')).id
  cookieA = await signIn((await makeUser({ companyId: A })).id, A)
  cookieB = await signIn((await makeUser({ companyId: B })).id, B)
  coordinatorA = await signIn((await makeUser({ companyId: A, role: 'campaign_coordinator' })).id, A)
  await db.group.create({ data: { id: 'LstAA1', companyId: A, name: 'Newsletter', type: LIST } })
  await db.group.create({ data: { id: 'LstBB1', companyId: B, name: 'Secret', type: LIST } })
  await db.metric.create({ data: { id: 'MetAA1', companyId: A, name: 'Placed Order' } })
})

/** metric trigger → time-delay → send-email → end. */
async function simpleFlow(companyId = A) {
  const d = flowDefinition.parse({
    triggers: [{ type: 'metric', id: companyId === A ? 'MetAA1' : null }],
    entry_action_id: 'wait',
    actions: [
      { temporary_id: 'wait', type: 'time-delay', links: { next: 'mail' }, data: { unit: 'days', value: 1 } },
      {
        temporary_id: 'mail',
        type: 'send-email',
        links: { next: null },
        data: { status: 'draft', message: { name: 'Welcome', subject_line: 'Hi', smart_sending_enabled: true } },
      },
    ],
  }) as FlowDefinition
  const flowId = await createFlow(companyId, { name: 'Simple', definition: d })
  const stored = await getFlowDefinition(companyId, flowId)
  return { flowId, wait: one(stored, 'time-delay').id!, mail: one(stored, 'send-email').id! }
}

describe('add on a path', () => {
  test('at the entry, after an action and on a split branch: each a new version, linked in place, defaults filled', async () => {
    const { flowId, wait, mail } = await simpleFlow()
    const v0 = await version(flowId)
    const atEntry = await call(addPost, `entry:${flowId}`, { type: 'send-sms' })
    expect(atEntry.status).toBe(200)
    expect(atEntry.json.version).toBe(v0 + 1)
    const sms = atEntry.json.action as FlowAction
    expect(sms).toMatchObject({
      type: 'send-sms',
      links: { next: wait },
      data: { status: 'draft', message: { body: '', smart_sending_enabled: true } },
    })
    expect(atEntry.json.definition.entry_action_id).toBe(sms.id)
    expect(await db.flowMessage.count({ where: { actionId: sms.id!, channel: 'sms' } })).toBe(1)

    const split = await call(addPost, `${mail}:next`, { type: 'conditional-split' })
    expect(split.json.action).toMatchObject({
      type: 'conditional-split',
      links: { next_if_true: null, next_if_false: null },
    })
    const onNo = await call(addPost, `${split.json.action.id}:next_if_false`, {
      type: 'list-update',
      data: { list_id: 'LstAA1', on_execution: false, name: 'Remove' },
    })
    expect(onNo.json.action).toMatchObject({ type: 'list-update', data: { list_id: 'LstAA1', on_execution: false } })
    const d = await def(flowId)
    expect(links(d.actions.find((a) => a.id === split.json.action.id)!)).toEqual({
      next_if_true: null,
      next_if_false: onNo.json.action.id,
    })
    expect(await version(flowId)).toBe(v0 + 3)
    // Each edit is in the flow's audit log with its version, the call and what it changed.
    const audit = await db.flowAudit.findMany({ where: { companyId: A, flowId }, orderBy: { id: 'asc' } })
    expect(audit.map((a) => [a.action, a.version, JSON.parse(a.detail).call])).toEqual([
      ['save', v0 + 1, 'addAction'],
      ['save', v0 + 2, 'addAction'],
      ['save', v0 + 3, 'addAction'],
    ])
    expect(JSON.parse(audit[0]!.detail)).toMatchObject({ added: [sms.id], entryChanged: true })
    expect(audit[0]!.userId).not.toBeNull()
    // Runs keep their version: the first version still has two actions.
    const first = await db.flowVersion.findFirstOrThrow({ where: { flowId, version: v0 } })
    expect((JSON.parse(first.definition) as FlowDefinition).actions).toHaveLength(2)
  })

  test('inserting between two steps keeps the onward step; a split can continue on its "no" branch', async () => {
    const { flowId, wait, mail } = await simpleFlow()
    const r = await call(addPost, `${wait}:next`, { type: 'trigger-split', branch: 'false' })
    expect(r.json.action).toMatchObject({
      type: 'trigger-split',
      links: { next_if_true: null, next_if_false: mail },
      data: { trigger_type: 'metric', trigger_id: 'MetAA1' },
    })
    // A path id whose colon is still percent-encoded is read the same.
    const m = await call(addPost, `${r.json.action.id}%3Atrue`, { type: 'multi-branch-split' })
    expect(m.json.action.data.branches).toHaveLength(2)
    const branch = await call(addPost, `${m.json.action.id}:branch:else`, { type: 'time-delay' })
    expect(branch.status).toBe(200)
    expect((await def(flowId)).actions.find((a) => a.id === m.json.action.id)!.data).toMatchObject({
      branches: [{ links: { next: null } }, { links: { next: branch.json.action.id } }],
    })
  })

  test('an empty flow gets its first action at the entry', async () => {
    const flowId = await createFlow(A, {
      name: 'Empty',
      definition: flowDefinition.parse({ triggers: [], entry_action_id: null, actions: [] }) as FlowDefinition,
    })
    const r = await call(addPost, `entry:${flowId}`, { type: 'time-delay' })
    expect(r.status).toBe(200)
    expect(r.json.definition.entry_action_id).toBe(r.json.action.id)
    expect(r.json.action).toMatchObject({ type: 'time-delay', links: { next: null }, data: { unit: 'days', value: 1 } })
    expect((await call(addPost, 'entry:NoSuchFlow', { type: 'time-delay' })).status).toBe(404)
  })

  test('bad input: 400 with field errors and nothing saved; an unknown action is 404', async () => {
    const { flowId, mail } = await simpleFlow()
    const v0 = await version(flowId)
    const badType = await call(addPost, `${mail}:next`, { type: 'teleport' })
    expect(badType.status).toBe(400)
    expect(badType.json.fieldErrors.type).toBeDefined()
    const badPath = await call(addPost, `${mail}:sideways`, { type: 'time-delay' })
    expect(badPath.status).toBe(400)
    expect(badPath.json.fieldErrors.pathId).toBeDefined()
    const noBranch = await call(addPost, `${mail}:next_if_true`, { type: 'time-delay' })
    expect(noBranch.status).toBe(400)
    const badData = await call(addPost, `${mail}:next`, { type: 'time-delay', data: { value: -3 } })
    expect(badData.status).toBe(400)
    expect(Object.keys(badData.json.fieldErrors)).toContain('action.data.value')
    const badList = await call(addPost, `${mail}:next`, { type: 'list-update', data: { list_id: 'LstBB1' } })
    expect(badList.status).toBe(400)
    expect(badList.json.fieldErrors['actions.2.data.list_id']).toEqual(['There is no list with id "LstBB1".'])
    expect((await call(addPost, '999999:next', { type: 'time-delay' })).status).toBe(404)
    expect((await call(addPost, '%E0%A4%A:next', { type: 'time-delay' })).json.fieldErrors.pathId).toBeDefined()
    expect(await version(flowId)).toBe(v0)
    expect(await db.flowAction.count({ where: { flowId } })).toBe(2)
  })
})

describe('update, status and bulk status', () => {
  test('update lays data over the action; a bad value is 400 with the field and the version unchanged', async () => {
    const { flowId, wait } = await simpleFlow()
    const ok = await call(updatePost, wait, { data: { value: 3, unit: 'hours' } })
    expect(ok.status).toBe(200)
    expect(ok.json.action).toMatchObject({ id: wait, type: 'time-delay', data: { value: 3, unit: 'hours' } })
    const v = await version(flowId)
    const bad = await call(updatePost, wait, { data: { unit: 'fortnights' } })
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.json.fieldErrors)).toEqual(['action.data.unit'])
    expect((await call(updatePost, wait, { nothing: true })).status).toBe(400)
    expect(await version(flowId)).toBe(v)
  })

  test('status of one action (message actions only), and of several in bulk', async () => {
    const { flowId, wait, mail } = await simpleFlow()
    const s = await call(statusPost, mail, { status: 'live', beta: false, talonId: 'x' })
    expect(s.status).toBe(200)
    expect(s.json.action.data.status).toBe('live')
    expect((await db.flowAction.findUniqueOrThrow({ where: { id: mail } })).status).toBe('live')
    expect(JSON.parse((await db.flowAudit.findFirstOrThrow({ where: { flowId, action: 'status' } })).detail)).toEqual({
      call: 'setActionStatus',
      actionIds: [mail],
      from: 'draft',
      to: 'live',
    })
    expect((await call(statusPost, wait, { status: 'live' })).json.fieldErrors.status).toBeDefined()
    expect((await call(statusPost, mail, { status: 'sleeping' })).status).toBe(400)

    const sms = (await call(addPost, `${mail}:next`, { type: 'send-sms' })).json.action.id as string
    const bulk = await call(bulkStatusPost, flowId, { action_ids: [mail, sms], status: 'manual' })
    expect(bulk.status).toBe(200)
    expect(bulk.json.updated).toBe(2)
    expect(
      (await db.flowAction.findMany({ where: { id: { in: [mail, sms] } }, select: { status: true } })).map(
        (r) => r.status,
      ),
    ).toEqual(['manual', 'manual'])
    const bad = await call(bulkStatusPost, flowId, { action_ids: [mail, '123'], status: 'live' })
    expect(bad.status).toBe(400)
    expect(bad.json.fieldErrors['actionIds.1']).toBeDefined()
    expect((await db.flowAction.findUniqueOrThrow({ where: { id: mail } })).status).toBe('manual')
    // The bulk call needs flows_action_status_write (a campaign coordinator has flows_write only).
    expect((await call(bulkStatusPost, flowId, { action_ids: [mail], status: 'live' }, coordinatorA)).status).toBe(403)
  })
})

describe('graph edits', () => {
  test('clone puts a draft copy with its own message right after the action', async () => {
    const { flowId, mail } = await simpleFlow()
    await call(statusPost, mail, { status: 'live' })
    const c = await call(clonePost, mail)
    expect(c.status).toBe(200)
    const copy = c.json.action as FlowAction
    expect(copy.id).not.toBe(mail)
    expect(copy).toMatchObject({
      type: 'send-email',
      data: { status: 'draft', message: { name: 'Welcome (copy)', subject_line: 'Hi' } },
      links: { next: null },
    })
    expect(links((await def(flowId)).actions.find((a) => a.id === mail)!)).toEqual({ next: copy.id })
    const messages = await db.flowMessage.findMany({ where: { flowId }, select: { actionId: true, id: true } })
    expect(new Set(messages.map((m) => m.actionId))).toEqual(new Set([mail, copy.id]))
    expect(new Set(messages.map((m) => m.id)).size).toBe(2)
  })

  test("flip swaps a split's branches; a delay cannot be flipped", async () => {
    const { flowId, wait, mail } = await simpleFlow()
    const split = (await call(addPost, `${wait}:next`, { type: 'conditional-split' })).json.action.id as string
    const f = await call(flipPost, split)
    expect(f.json.action.links).toEqual({ next_if_true: null, next_if_false: mail })
    const v = await version(flowId)
    const bad = await call(flipPost, wait)
    expect(bad.status).toBe(400)
    expect(bad.json.message).toBe('Only a true/false split can be flipped.')
    expect(await version(flowId)).toBe(v)
  })

  test('delete: a single-path action is bridged; a split keeps the chosen branch or drops them all', async () => {
    const { flowId, wait, mail } = await simpleFlow()
    // wait → split(yes: mail, no: sms → delay2)
    const split = (await call(addPost, `${wait}:next`, { type: 'conditional-split' })).json.action.id as string
    const sms = (await call(addPost, `${split}:next_if_false`, { type: 'send-sms' })).json.action.id as string
    const delay2 = (await call(addPost, `${sms}:next`, { type: 'time-delay' })).json.action.id as string

    const keep = await call(deletePost, split, { keepPath: 'next_if_false' })
    expect(keep.status).toBe(200)
    expect(keep.json.removedActionIds.sort()).toEqual([split, mail].sort())
    let d = await def(flowId)
    expect(links(d.actions.find((a) => a.id === wait)!)).toEqual({ next: sms })
    expect(d.actions.map((a) => a.id).sort()).toEqual([wait, sms, delay2].sort())
    expect(await db.flowMessage.count({ where: { actionId: mail } })).toBe(0)

    // A linear delete bridges: wait → delay2.
    await call(deletePost, sms)
    d = await def(flowId)
    expect(links(d.actions.find((a) => a.id === wait)!)).toEqual({ next: delay2 })

    // A split without keepPath: its branches go with it.
    const s2 = (await call(addPost, `${wait}:next`, { type: 'conditional-split' })).json.action.id as string
    const yes = (await call(addPost, `${s2}:next_if_false`, { type: 'send-email' })).json.action.id as string
    const all = await call(deletePost, s2, {})
    expect(all.json.removedActionIds.sort()).toEqual([s2, delay2, yes].sort())
    d = await def(flowId)
    expect(d.actions.map((a) => a.id)).toEqual([wait])
    expect(links(d.actions[0]!)).toEqual({ next: null })

    const v = await version(flowId)
    const s3 = (await call(addPost, `${wait}:next`, { type: 'conditional-split' })).json.action.id as string
    const bad = await call(deletePost, s3, { keepPath: 'branch:nope' })
    expect(bad.status).toBe(400)
    expect(bad.json.fieldErrors.keepPath).toBeDefined()
    expect(await version(flowId)).toBe(v + 1)
  })

  test('delete a multi-branch split keeping one branch by its id', async () => {
    const { flowId, wait, mail } = await simpleFlow()
    const mb = (await call(addPost, `${wait}:next`, { type: 'multi-branch-split' })).json.action.id as string
    const other = (await call(addPost, `${mb}:branch:else`, { type: 'send-sms' })).json.action.id as string
    const r = await call(deletePost, mb, { keepPath: 'branch:else' })
    expect(r.status).toBe(200)
    expect(r.json.removedActionIds.sort()).toEqual([mb, mail].sort())
    const d = await def(flowId)
    expect(links(d.actions.find((a) => a.id === wait)!)).toEqual({ next: other })
  })

  test('delete keeps actions another path still reaches (a rejoined branch)', async () => {
    const { flowId, wait, mail } = await simpleFlow()
    const split = (await call(addPost, `${wait}:next`, { type: 'conditional-split' })).json.action.id as string
    const sms = (await call(addPost, `${split}:next_if_false`, { type: 'send-sms' })).json.action.id as string
    expect((await call(rejoinPost, sms, { targetActionId: mail })).status).toBe(200)
    const r = await call(deletePost, split, { keepPath: 'true' })
    expect(r.json.removedActionIds.sort()).toEqual([split, sms].sort())
    const d = await def(flowId)
    expect(d.actions.map((a) => a.id).sort()).toEqual([wait, mail].sort())
  })

  test("move takes a single-path action to another path; a split or another flow's path is refused", async () => {
    const { flowId, wait, mail } = await simpleFlow()
    const moved = await call(movePost, wait, { target_path: `${mail}:next` })
    expect(moved.status).toBe(200)
    const d = await def(flowId)
    expect(d.entry_action_id).toBe(mail)
    expect(links(d.actions.find((a) => a.id === mail)!)).toEqual({ next: wait })
    expect(links(d.actions.find((a) => a.id === wait)!)).toEqual({ next: null })
    const back = await call(movePost, wait, { target_path: `entry:${flowId}` })
    expect(back.json.definition.entry_action_id).toBe(wait)

    const other = await simpleFlow()
    const v = await version(flowId)
    const cross = await call(movePost, wait, { target_path: `${other.mail}:next` })
    expect(cross.status).toBe(400)
    expect(cross.json.fieldErrors.targetPath).toBeDefined()
    expect(await version(flowId)).toBe(v)
  })

  test('disconnect cuts a path and rejoin links it again; a loop is refused with its pointer', async () => {
    const { flowId, wait, mail } = await simpleFlow()
    const cut = await call(disconnectPost, wait, { target_path: 'next' })
    expect(cut.status).toBe(200)
    expect(cut.json.action.links).toEqual({ next: null })
    // The cut-off action stays in the flow, unconnected.
    expect(cut.json.definition.actions.map((a: FlowAction) => a.id)).toContain(mail)
    const join = await call(rejoinPost, wait, { targetActionId: mail })
    expect(join.json.action.links).toEqual({ next: mail })
    const again = await call(rejoinPost, wait, { targetActionId: mail })
    expect(again.status).toBe(400)
    expect(again.json.fieldErrors.path).toBeDefined()
    const v = await version(flowId)
    const loop = await call(rejoinPost, mail, { targetActionId: wait })
    expect(loop.status).toBe(400)
    expect(JSON.stringify(loop.json.fieldErrors)).toContain('cycle')
    expect(await version(flowId)).toBe(v)
    expect((await call(disconnectPost, wait, { target_path: '999:next' })).status).toBe(400)
  })
})

describe('timing, setting, message, list update, A/B test', () => {
  test('timing maps the panel fields onto the delay; a month on a time delay or an unknown zone is 400', async () => {
    const { flowId, wait } = await simpleFlow()
    const t = await call(timingPost, wait, {
      delay_unit_value: 2,
      delay_units: 0,
      send_time: '10:30',
      use_send_time: true,
      timezone: 'Europe/Lisbon',
      secondary_value: 1,
      use_day_restrictions: true,
      allowed_days: ['friday', 'monday'],
    })
    expect(t.status).toBe(200)
    expect(t.json.action.data).toMatchObject({
      value: 2,
      unit: 'weeks',
      delay_until_time: '10:30',
      timezone: 'Europe/Lisbon',
      secondary_value: 1,
      delay_until_weekdays: ['monday', 'friday'],
    })
    const off = await call(timingPost, wait, { use_send_time: false, use_day_restrictions: false, delay_units: 2 })
    expect(off.json.action.data).toMatchObject({ unit: 'days', delay_until_time: null, delay_until_weekdays: null })
    const v = await version(flowId)
    const month = await call(timingPost, wait, { delay_units: 1 })
    expect(month.status).toBe(400)
    expect(month.json.fieldErrors.delayUnits).toBeDefined()
    const zone = await call(timingPost, wait, { timezone: 'Mars/Olympus' })
    expect(zone.status).toBe(400)
    expect(JSON.stringify(zone.json.fieldErrors)).toContain('Unknown time zone.')
    expect((await call(timingPost, wait, { use_day_restrictions: true, allowed_days: [] })).status).toBe(400)
    expect(await version(flowId)).toBe(v)
  })

  test('timing of a countdown delay (months allowed) and a target date (time of day and days)', async () => {
    const { wait } = await simpleFlow()
    const cd = (await call(addPost, `${wait}:next`, { type: 'countdown-delay' })).json.action.id as string
    const c = await call(timingPost, cd, {
      delay_unit_value: 2,
      delay_units: 1,
      send_time: '07:00',
      use_send_time: true,
    })
    expect(c.json.action.data).toMatchObject({ unit: 'months', value: 2, delay_until_time: '07:00' })
    expect((await call(timingPost, cd, { delay_units: 'minutes' })).status).toBe(400)
    const td = (await call(addPost, `${wait}:next`, { type: 'target-date' })).json.action.id as string
    const t = await call(timingPost, td, {
      send_time: '18:45',
      timezone: 'Asia/Tokyo',
      use_day_restrictions: true,
      allowed_days: ['saturday'],
    })
    expect(t.json.action.data).toEqual({ timezone: 'Asia/Tokyo', target_time: '18:45', target_days: ['saturday'] })
    const off = await call(timingPost, td, { use_send_time: false, use_day_restrictions: false })
    expect(off.json.action.data).toEqual({ timezone: 'Asia/Tokyo', target_time: '09:00', target_days: null })
    expect((await call(timingPost, td, { send_time: '7pm' })).json.fieldErrors.sendTime).toBeDefined()
  })

  test('a save from a stale read is a 409 and writes nothing', async () => {
    const { flowId, wait } = await simpleFlow()
    const { loadFlow, saveEdited } = await import('@/lib/flows/ajax/actions-flow-edit')
    const stale = await loadFlow(A, flowId)
    await call(updatePost, wait, { data: { value: 5 } })
    const v = await version(flowId)
    stale.def.actions[0]!.data = { unit: 'days', value: 9 } as never
    await expect(saveEdited(A, stale, stale.def)).rejects.toMatchObject({ status: 409, code: 'conflict' })
    expect(await version(flowId)).toBe(v)
    expect(one(await def(flowId), 'time-delay').data).toMatchObject({ value: 5 })
  })

  test('setting: smart sending, transactional and UTM on an email; an SMS-only setting on an email is 400', async () => {
    const { flowId, mail } = await simpleFlow()
    const s = await call(settingPost, mail, {
      smart_sending_enabled: false,
      transactional: true,
      custom_tracking_params: [{ param: 'utm_source', value: 'flow' }],
    })
    expect(s.status).toBe(200)
    expect(s.json.action.data.message).toMatchObject({
      smart_sending_enabled: false,
      transactional: true,
      custom_tracking_params: [{ param: 'utm_source', value: 'flow' }],
    })
    const stored = JSON.parse((await db.flowMessage.findFirstOrThrow({ where: { actionId: mail } })).definition)
    expect(stored.smart_sending_enabled).toBe(false)
    const v = await version(flowId)
    const bad = await call(settingPost, mail, { sms_quiet_hours_enabled: true })
    expect(bad.status).toBe(400)
    expect(bad.json.fieldErrors.smsQuietHoursEnabled).toBeDefined()
    expect((await call(settingPost, mail, {})).status).toBe(400)
    expect(await version(flowId)).toBe(v)
  })

  test('message/create gives a send action without a message its default message, once', async () => {
    const d = flowDefinition.parse({
      triggers: [],
      entry_action_id: 'push',
      actions: [{ temporary_id: 'push', type: 'send-mobile-push', links: { next: null }, data: { status: 'draft' } }],
    }) as FlowDefinition
    const flowId = await createFlow(A, { name: 'No message', definition: d })
    const push = (await def(flowId)).actions[0]!.id!
    expect(await db.flowMessage.count({ where: { actionId: push } })).toBe(0)
    const wrong = await call(messageCreatePost, push, { channel: 4 })
    expect(wrong.status).toBe(400)
    expect(wrong.json.fieldErrors.channel).toBeDefined()
    expect((await call(messageCreatePost, push, { channel: 7 })).status).toBe(400)
    const ok = await call(messageCreatePost, push, { channel: 6, name: 'Hello push' })
    expect(ok.status).toBe(200)
    expect(ok.json.message).toMatchObject({ channel: 'push', name: 'Hello push' })
    expect(ok.json.action.data.message).toMatchObject({ on_open: 'home', push_type: 'standard' })
    const again = await call(messageCreatePost, push, { channel: 6 })
    expect(again.status).toBe(400)
    expect(again.json.message).toBe('This action already has a message.')
  })

  test("list_update/update sets the list and direction; another company's list is 400 and nothing saved", async () => {
    const { flowId, mail } = await simpleFlow()
    const lu = (await call(addPost, `${mail}:next`, { type: 'list-update' })).json.action.id as string
    const ok = await call(listUpdatePost, lu, { list_id: 'LstAA1', on_execution: 'remove' })
    expect(ok.json.action.data).toMatchObject({ list_id: 'LstAA1', on_execution: false, name: 'Remove from list' })
    const v = await version(flowId)
    const bad = await call(listUpdatePost, lu, { list_id: 'LstBB1', on_execution: true })
    expect(bad.status).toBe(400)
    expect(bad.json.fieldErrors['actions.2.data.list_id']).toEqual(['There is no list with id "LstBB1".'])
    expect((await call(listUpdatePost, mail, { list_id: 'LstAA1', on_execution: true })).status).toBe(400)
    expect(await version(flowId)).toBe(v)
  })

  test('ab_test/create turns an email into an A/B test of two variations, links kept', async () => {
    const { flowId, wait, mail } = await simpleFlow()
    const r = await call(abTestPost, mail)
    expect(r.status).toBe(200)
    expect(r.json.action).toMatchObject({
      id: mail,
      type: 'ab-test',
      links: { next: null },
      data: {
        experiment_status: 'draft',
        main_action: { type: 'send-email', data: { message: { subject_line: 'Hi' } } },
      },
    })
    const variations = r.json.action.data.current_experiment.variations
    expect(variations.map((v: { data: { message: { name: string; id: string } } }) => v.data.message.name)).toEqual([
      'Welcome A',
      'Welcome B',
    ])
    expect(variations[0].data.message.id).not.toBe(variations[1].data.message.id)
    expect((await db.flowAction.findUniqueOrThrow({ where: { id: mail } })).actionType).toBe('ab-test')
    expect(links((await def(flowId)).actions.find((a) => a.id === wait)!)).toEqual({ next: mail })
    const v = await version(flowId)
    expect((await call(abTestPost, wait)).status).toBe(400)
    expect(await version(flowId)).toBe(v)
  })

  test('profile-operation/validate: each wrong field named', async () => {
    const ok = await call(validateOpsPost, 'x', {
      profile_operations: [
        { operator: 'update', property_type: 'string', property_key: 'tier', property_value: 'gold' },
        { operator: 'create', property_type: 'date', property_key: 'joined', property_value: 'today' },
        {
          operator: 'update',
          property_type: 'list',
          property_operation: 'add',
          property_key: 'tags',
          property_value: 'vip',
        },
        { operator: 'delete', property_key: 'old' },
      ],
    })
    expect(ok).toEqual({ status: 200, json: { valid: true, errors: {} } })
    const bad = await call(validateOpsPost, 'x', {
      profile_operations: [
        { operator: 'update', property_type: 'numeric', property_key: 'score', property_value: 'ten' },
        { operator: 'upsert', property_key: 'x' },
        { operator: 'update', property_type: 'color', property_key: 'y', property_value: 'red' },
        { operator: 'update', property_type: 'boolean', property_key: 'score', property_value: true },
      ],
    })
    expect(bad.status).toBe(200)
    expect(bad.json.valid).toBe(false)
    expect(Object.keys(bad.json.errors).sort()).toEqual([
      'profile_operations.0.property_value',
      'profile_operations.1.property_type',
      'profile_operations.2.property_type',
    ])
    expect(await call(validateOpsPost, 'x', { nope: 1 })).toEqual({
      status: 200,
      json: { valid: false, errors: { profile_operations: ['Expected a list of profile operations.'] } },
    })
  })
})

describe('another company', () => {
  test('cannot read or change a flow or action of company A (404, nothing changed)', async () => {
    const { flowId, wait, mail } = await simpleFlow()
    const v = await version(flowId)
    const before = JSON.stringify(await def(flowId))
    const tries: Array<[Handler, string, unknown]> = [
      [addPost, `entry:${flowId}`, { type: 'time-delay' }],
      [addPost, `${mail}:next`, { type: 'time-delay' }],
      [updatePost, wait, { data: { value: 9 } }],
      [statusPost, mail, { status: 'live' }],
      [clonePost, mail, {}],
      [deletePost, wait, {}],
      [flipPost, wait, {}],
      [movePost, wait, { target_path: `${mail}:next` }],
      [rejoinPost, mail, { targetActionId: wait }],
      [disconnectPost, wait, { target_path: 'next' }],
      [timingPost, wait, { delay_unit_value: 5 }],
      [settingPost, mail, { transactional: true }],
      [messageCreatePost, mail, { channel: 4 }],
      [listUpdatePost, wait, { list_id: 'LstBB1', on_execution: true }],
      [abTestPost, mail, {}],
      [bulkStatusPost, flowId, { action_ids: [mail], status: 'live' }],
    ]
    for (const [h, id, body] of tries) {
      const r = await call(h, id, body, cookieB)
      expect([h.name, id, r.status]).toEqual([h.name, id, 404])
    }
    expect(await version(flowId)).toBe(v)
    expect(JSON.stringify(await def(flowId))).toBe(before)
    // Company B's own flow answers B.
    const mine = await simpleFlow(B)
    expect((await call(updatePost, mine.wait, { data: { value: 4 } }, cookieB)).status).toBe(200)
  })
})
