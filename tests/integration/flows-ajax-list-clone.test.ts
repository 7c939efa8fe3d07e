/** @jest-environment node */
// Flow clone (seed 002 §7.1, §3.1 clone statuses; seed 001 §2.13 cross-account clone): POST
// /flow/{id}/clone answers a status key; GET /flow/clone/statuses reads null before the job runs,
// the new flow's id after (CLONE_ERROR when it failed); the clone is a draft with the same
// actions, its own copies of the templates; GET /ajax/flow/{id}/clone/triggers; cross-account:
// the accounts the user may clone into, the references with same-name suggestions, the mapping
// (refused when incomplete), the copy in the target account; other companies see nothing.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)

import { db } from '@/lib/db/client'
import { LIST, SEGMENT } from '@/lib/groups/group-view'
import { runJobsUntilIdle } from '@/lib/jobs/queue'
import { POST as clonePost } from '@/app/(app)/flow/[flowId]/clone/route'
import { GET as statusesGet } from '@/app/(app)/flow/clone/statuses/route'
import { GET as triggersGet } from '@/app/ajax/flow/[id]/clone/triggers/route'
import { GET as accountsGet } from '@/app/ajax/flow/[id]/clone/accounts/route'
import { GET as referencesGet } from '@/app/ajax/flow/[id]/clone/references/route'
import { POST as createPost } from '@/app/ajax/flows/create/route'
import { POST as detailsPost } from '@/app/ajax/flow/[id]/details/route'
import { makeCompany, makeUser, signIn } from '../helpers/factory'
import { call, fixtures, welcome } from './flows-ajax-list-helpers'

let A: number, B: number, C: number, userId: number, owner: string, ownerB: string, ownerInC: string, flowId: string

beforeAll(async () => {
  A = (await makeCompany('Clone A')).id
  B = (await makeCompany('Clone B')).id
  C = (await makeCompany('Clone C')).id
  const u = await makeUser({ companyId: A })
  userId = u.id
  await db.membership.create({ data: { userId, companyId: C, role: 'manager' } })
  await db.membership.create({ data: { userId, companyId: B, role: 'analyst' } })
  owner = await signIn(userId, A)
  ownerInC = await signIn(userId, C)
  ownerB = await signIn((await makeUser({ companyId: B })).id, B)
  await fixtures(A, 'AAA')
  await fixtures(B, 'BBB')
  // C has a list named like A's and a "VIPs" segment twice (ambiguous); no "Placed Order" metric.
  await db.group.create({ data: { id: 'LstCCC', companyId: C, name: 'Newsletter', type: LIST } })
  await db.group.create({ data: { id: 'SegCC1', companyId: C, name: 'VIPs', type: SEGMENT } })
  await db.group.create({ data: { id: 'SegCC2', companyId: C, name: 'VIPs', type: SEGMENT } })
  const r = await call(createPost, '/ajax/flows/create', {
    method: 'POST',
    body: { name: 'Welcome', definition: welcome('AAA') },
    cookie: owner,
  })
  flowId = r.json.flowId
  await call(detailsPost, '/x', {
    method: 'POST',
    p: { id: flowId },
    body: { tags: ['t1'], status: '2' },
    cookie: owner,
  })
})

const start = (body: unknown, cookie = owner, id = flowId) =>
  call(clonePost, `/flow/${id}/clone`, { method: 'POST', body, cookie, p: { flowId: id } })
const statuses = (keys: string[], cookie = owner) =>
  call(statusesGet, `/flow/clone/statuses?statusKeys=${keys.join(',')}`, { cookie })

test('same account: status null before the job, the new id after; a draft copy with its own templates', async () => {
  const r = await start({})
  expect(r.status).toBe(202)
  const key = r.json.statusKey as string
  expect((await statuses([key, 'unknown'])).json.statuses).toEqual({ [key]: null, unknown: null })
  await runJobsUntilIdle()
  const s = await statuses([key])
  const newId = s.json.statuses[key]
  expect(newId).toEqual(expect.any(String))
  expect(newId).not.toBe(flowId)
  const copy = await db.flow.findFirstOrThrow({ where: { id: newId } })
  expect(copy).toMatchObject({ companyId: A, name: 'Welcome (Clone)', status: 0, triggerType: 'Added to List' })
  const src = await db.flowAction.findMany({ where: { flowId }, orderBy: { actionType: 'asc' } })
  const dst = await db.flowAction.findMany({ where: { flowId: newId }, orderBy: { actionType: 'asc' } })
  expect(dst.map((a) => a.actionType)).toEqual(src.map((a) => a.actionType))
  expect(dst.map((a) => a.id).some((id) => src.some((s2) => s2.id === id))).toBe(false)
  const msg = await db.flowMessage.findFirstOrThrow({ where: { flowId: newId } })
  expect(msg.templateId).not.toBe('TplAAA')
  const tpl = await db.template.findFirstOrThrow({ where: { id: msg.templateId! } })
  expect(tpl).toMatchObject({ companyId: A, name: 'Welcome' })
  expect((await db.flowTag.findMany({ where: { flowId: newId } })).map((t) => t.tag)).toEqual(['t1'])
  expect(await db.flowAudit.count({ where: { flowId: newId, action: 'clone' } })).toBe(1)
  // a second run of the job (a retry) does not clone twice
  const { runFlowClone } = await import('@/lib/flows/ajax/flows-clone')
  await db.flowCloneTask.update({ where: { statusKey: key }, data: { status: 'running' } })
  await runFlowClone(key)
  expect(await db.flow.count({ where: { companyId: A, name: 'Welcome (Clone)' } })).toBe(1)
  expect((await statuses([key])).json.statuses[key]).toBe(newId)
})

test('in progress reads "", a failed clone CLONE_ERROR', async () => {
  const gone = await call(createPost, '/ajax/flows/create', { method: 'POST', body: { name: 'Doomed' }, cookie: owner })
  const r = await start({ name: 'Copy' }, owner, gone.json.flowId)
  await db.flowCloneTask.update({ where: { statusKey: r.json.statusKey }, data: { status: 'running' } })
  expect((await statuses([r.json.statusKey])).json.statuses[r.json.statusKey]).toBe('')
  await db.flowCloneTask.update({ where: { statusKey: r.json.statusKey }, data: { status: 'pending' } })
  await db.flow.deleteMany({ where: { id: gone.json.flowId } })
  await runJobsUntilIdle()
  const s = await statuses([r.json.statusKey])
  expect(s.json.statuses[r.json.statusKey]).toBe('CLONE_ERROR')
  expect(s.json.details[0].error).toContain('no longer exists')

  // A clone that fails after copying templates (its trigger list was deleted) leaves no template behind.
  await db.group.create({ data: { id: 'LstTmp', companyId: A, name: 'Temporary', type: LIST } })
  const f = await call(createPost, '/ajax/flows/create', {
    method: 'POST',
    body: { name: 'Fragile', definition: { ...welcome('AAA'), triggers: [{ type: 'list', id: 'LstTmp' }] } },
    cookie: owner,
  })
  await db.group.update({ where: { id: 'LstTmp' }, data: { deletedAt: new Date() } })
  const templates = await db.template.count({ where: { companyId: A } })
  const k = (await start({}, owner, f.json.flowId)).json.statusKey
  await runJobsUntilIdle()
  const failed = await statuses([k])
  expect(failed.json.statuses[k]).toBe('CLONE_ERROR')
  expect(failed.json.details[0].error).toContain('LstTmp')
  expect(await db.template.count({ where: { companyId: A } })).toBe(templates)
})

test('clone triggers: the trigger with its name', async () => {
  const r = await call(triggersGet, '/x', { p: { id: flowId }, cookie: owner })
  expect(r.json).toMatchObject({
    flowId,
    triggerType: 'Added to List',
    triggers: [{ type: 'list', id: 'LstAAA', name: 'Newsletter', exists: true }],
  })
})

test('cross-account: accounts, references with suggestions, incomplete mapping refused, mapped copy in the target', async () => {
  const acc = await call(accountsGet, '/x', { p: { id: flowId }, cookie: owner })
  expect(acc.json.accounts).toEqual([{ companyId: C, name: 'Clone C' }])
  const refs = await call(referencesGet, `/x?targetCompanyId=${C}`, { p: { id: flowId }, cookie: owner })
  expect(refs.status).toBe(200)
  const byKey = Object.fromEntries(
    refs.json.references.map((r: { kind: string; id: string }) => [`${r.kind}:${r.id}`, r]),
  )
  expect(byKey['list:LstAAA']).toMatchObject({ name: 'Newsletter', suggestedTargetId: 'LstCCC', canCreate: true })
  expect(byKey['group:SegAAA']).toMatchObject({ name: 'VIPs', suggestedTargetId: null })
  expect(byKey['group:SegAAA'].suggestions).toHaveLength(2)
  expect(byKey['metric:MetAAA']).toMatchObject({
    name: 'Placed Order',
    suggestions: [],
    suggestedTargetId: null,
    canCreate: true,
  })
  expect((await call(referencesGet, `/x?targetCompanyId=${B}`, { p: { id: flowId }, cookie: owner })).status).toBe(403)

  const incomplete = await start({ targetCompanyId: C, name: 'Welcome for C' })
  expect(incomplete.status).toBe(400)
  expect(Object.keys(incomplete.json.fieldErrors)).toEqual(['mapping.group:SegAAA'])
  const wrong = await start({ targetCompanyId: C, mapping: [{ kind: 'group', id: 'SegAAA', targetId: 'SegBBB' }] })
  expect(wrong.status).toBe(400)
  expect((await start({ targetCompanyId: B, mapping: [] })).status).toBe(403)

  const ok = await start({
    targetCompanyId: C,
    name: 'Welcome for C',
    mapping: [{ kind: 'group', id: 'SegAAA', targetId: 'SegCC2' }],
  })
  expect(ok.status).toBe(202)
  await runJobsUntilIdle()
  const fromC = await statuses([ok.json.statusKey], ownerInC)
  const newId = fromC.json.statuses[ok.json.statusKey]
  expect(newId).toEqual(expect.any(String))
  const copy = await db.flow.findFirstOrThrow({ where: { id: newId } })
  expect(copy).toMatchObject({ companyId: C, name: 'Welcome for C', status: 0 })
  const v = await db.flowVersion.findFirstOrThrow({ where: { flowId: newId } })
  const def = JSON.parse(v.definition)
  expect(def.triggers[0].id).toBe('LstCCC')
  expect(def.profile_filter.condition_groups[0].conditions[0].group_ids).toEqual(['SegCC2'])
  const metric = await db.metric.findFirstOrThrow({ where: { companyId: C, name: 'Placed Order' } })
  expect(def.actions[0].data.profile_filter.condition_groups[0].conditions[0].metric_id).toBe(metric.id)
  expect(def.actions[3].data.list_id).toBe('LstCCC')
  const tpl = await db.template.findFirstOrThrow({ where: { id: def.actions[2].data.message.template_id } })
  expect(tpl.companyId).toBe(C)
  expect(await db.flowTag.count({ where: { flowId: newId } })).toBe(0)
})

test('permissions: flows_create where the copy is made', async () => {
  const u = await makeUser({ companyId: A, role: 'analyst' })
  await db.membership.create({ data: { userId: u.id, companyId: C, role: 'owner' } })
  const analystA = await signIn(u.id, A)
  expect((await start({}, analystA)).status).toBe(403)
  const cross = await start(
    { targetCompanyId: C, mapping: [{ kind: 'group', id: 'SegAAA', targetId: 'SegCC1' }] },
    analystA,
  )
  expect(cross.status).toBe(202)
})

test('other companies: no clone of a flow they cannot see, no status of keys not theirs', async () => {
  expect((await start({}, ownerB)).status).toBe(404)
  expect((await call(triggersGet, '/x', { p: { id: flowId }, cookie: ownerB })).status).toBe(404)
  const mine = await start({})
  await runJobsUntilIdle()
  expect((await statuses([mine.json.statusKey], ownerB)).json.statuses[mine.json.statusKey]).toBeNull()
  expect((await statuses([mine.json.statusKey])).json.statuses[mine.json.statusKey]).toEqual(expect.any(String))
})
