/** @jest-environment node */
// /flow/playground through the real /ajax routes (issue 27 §1): a profile named by email runs
// through a flow with the clock set to a chosen moment (a delay's wake-up is computed from it);
// nothing is written; bad input is a 400; another company's flow or profile is a 404.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)
import { randomBytes } from 'node:crypto'
import { db } from '@/lib/db/client'
import { ajaxRequest, makeCompany, makeUser, signIn } from '../helpers/factory'
import { createFlow } from '@/lib/flows/store'
import * as options from '@/app/ajax/flow/playground/route'
import * as run from '@/app/ajax/flow/playground/run/route'

async function member(role = 'owner', companyId?: number) {
  const id = companyId ?? (await makeCompany()).id
  const user = await makeUser({ companyId: id, role })
  return { companyId: id, cookie: await signIn(user.id, id) }
}
const go = (cookie: string, q: Record<string, string>) =>
  run.GET(ajaxRequest(`/ajax/flow/playground/run?${new URLSearchParams(q)}`, { cookie }))

async function setup(companyId: number) {
  const list = await db.group.create({ data: { id: randomBytes(4).toString('hex'), companyId, name: 'News' } })
  const flowId = await createFlow(companyId, {
    name: 'Welcome',
    definition: {
      triggers: [{ type: 'list', id: list.id }],
      actions: [{ temporary_id: 'a1', type: 'time-delay', links: { next: null }, data: { unit: 'hours', value: 2 } }],
      entry_action_id: 'a1',
    } as never,
  })
  const profile = await db.profile.create({
    data: { id: randomBytes(6).toString('hex'), companyId, email: 'ann@shop.test' },
  })
  return { flowId, profile }
}

test('runs a profile by email through a flow at a chosen moment, writing nothing', async () => {
  const a = await member()
  const { flowId, profile } = await setup(a.companyId)
  const opts = await (await options.GET(ajaxRequest('/ajax/flow/playground', { cookie: a.cookie }))).json()
  expect(opts.flows).toEqual([{ id: flowId, name: 'Welcome' }])
  const before = await db.flowRun.count()
  const at = '2026-03-01T10:00:00.000Z'
  const res = await go(a.cookie, { flowId, profile: 'Ann@Shop.test', at })
  expect(res.status).toBe(200)
  const body = await res.json()
  expect(body.profile.id).toBe(profile.id)
  expect(body.at).toBe(at)
  expect(body.path.steps[0]).toMatchObject({ type: 'time-delay', result: 'delay' })
  expect(body.path.steps[0].wakeAt).toBe('2026-03-01T12:00:00.000Z')
  expect(await db.flowRun.count()).toBe(before)
})

test('bad input is a 400 and other companies’ flows and profiles are 404', async () => {
  const a = await member()
  const { flowId } = await setup(a.companyId)
  const b = await member()
  const other = await setup(b.companyId)
  const fields = async (q: Record<string, string>) => {
    const res = await go(a.cookie, q)
    expect(res.status).toBe(400)
    return Object.keys((await res.json()).fieldErrors).sort()
  }
  expect(await fields({ flowId: '', profile: '' })).toEqual(['flowId', 'profile'])
  expect(await fields({ flowId, profile: 'ann@shop.test', at: 'tomorrow' })).toEqual(['at'])
  expect(await fields({ flowId, profile: 'ann@shop.test', at: '2090-01-01T00:00:00Z' })).toEqual(['at'])
  expect((await go(a.cookie, { flowId: other.flowId, profile: 'ann@shop.test' })).status).toBe(404)
  expect((await go(a.cookie, { flowId, profile: other.profile.id })).status).toBe(404)
})
