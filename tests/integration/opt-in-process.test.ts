/** @jest-environment node */
// /settings/account/opt-in-process through the real /ajax route (issue 27 §4): every list with its
// opt-in process, several set at once; a bad process, an empty choice or a list of another
// company (or a segment) is a 400 that changes nothing; reading needs list or settings access and
// writing needs groups_write.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)
import { randomBytes } from 'node:crypto'
import { db } from '@/lib/db/client'
import { ajaxRequest, makeCompany, makeUser, signIn } from '../helpers/factory'
import { GET, POST } from '@/app/ajax/account/opt-in-process/route'

async function member(role = 'owner', companyId?: number) {
  const id = companyId ?? (await makeCompany()).id
  const user = await makeUser({ companyId: id, role })
  return { companyId: id, cookie: await signIn(user.id, id) }
}
const group = (companyId: number, name: string, type = 0) =>
  db.group.create({ data: { id: randomBytes(4).toString('hex'), companyId, name, type } })
const get = (cookie: string) => GET(ajaxRequest('/ajax/account/opt-in-process', { cookie }))
const post = (cookie: string, body: unknown) =>
  POST(ajaxRequest('/ajax/account/opt-in-process', { method: 'POST', cookie, body }))

test('lists every list of the company and sets several at once', async () => {
  const a = await member()
  const news = await group(a.companyId, 'Newsletter')
  const vip = await group(a.companyId, 'VIP')
  await group(a.companyId, 'Engaged', 1)
  const gone = await group(a.companyId, 'Old')
  await db.group.update({ where: { id: gone.id }, data: { deletedAt: new Date() } })
  const b = await member()
  await group(b.companyId, 'B list')

  const first = await (await get(a.cookie)).json()
  expect(first.lists.map((l: { name: string; optInProcess: string }) => [l.name, l.optInProcess])).toEqual([
    ['Newsletter', 'single_opt_in'],
    ['VIP', 'single_opt_in'],
  ])
  const res = await post(a.cookie, { optInProcess: 'double_opt_in', listIds: [news.id, vip.id, vip.id] })
  expect(res.status).toBe(200)
  const body = await res.json()
  expect(body.updated).toBe(2)
  expect(body.lists.every((l: { optInProcess: string }) => l.optInProcess === 'double_opt_in')).toBe(true)
  expect((await (await get(b.cookie)).json()).lists.map((l: { name: string }) => l.name)).toEqual(['B list'])
})

test('bad input and other companies’ lists are refused and change nothing', async () => {
  const a = await member()
  const mine = await group(a.companyId, 'Mine')
  const segment = await group(a.companyId, 'A segment', 1)
  const b = await member()
  const theirs = await group(b.companyId, 'Theirs')
  const fields = async (body: unknown) => {
    const res = await post(a.cookie, body)
    expect(res.status).toBe(400)
    return Object.keys((await res.json()).fieldErrors)
  }
  expect(await fields({ optInProcess: 'triple', listIds: [mine.id] })).toEqual(['optInProcess'])
  expect(await fields({ optInProcess: 'double_opt_in', listIds: [] })).toEqual(['listIds'])
  expect(await fields({ optInProcess: 'double_opt_in' })).toEqual(['listIds'])
  expect(await fields({ optInProcess: 'double_opt_in', listIds: [mine.id, theirs.id] })).toEqual(['listIds'])
  expect(await fields({ optInProcess: 'double_opt_in', listIds: [segment.id] })).toEqual(['listIds'])
  const rows = await db.group.findMany({ where: { id: { in: [mine.id, theirs.id] } } })
  expect(rows.map((r) => r.optInProcess)).toEqual(['single_opt_in', 'single_opt_in'])
})

test('an analyst reads the processes but cannot change them', async () => {
  const owner = await member()
  const list = await group(owner.companyId, 'L')
  const analyst = await member('analyst', owner.companyId)
  expect((await get(analyst.cookie)).status).toBe(200)
  expect((await post(analyst.cookie, { optInProcess: 'double_opt_in', listIds: [list.id] })).status).toBe(403)
})
