/** @jest-environment node */
// /settings/other/profile-maintenance through the real /ajax route (issue 27 §4): only profiles
// with no email, phone, external id or push device and no activity for the chosen days count as
// dormant; removing them queues one data-privacy deletion job each for this company only, and
// nothing when the count changed since it was shown; bad input is a 400; an analyst cannot remove.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)
import { randomBytes } from 'node:crypto'
import { db } from '@/lib/db/client'
import { ajaxRequest, makeCompany, makeUser, signIn } from '../helpers/factory'
import { GET, POST } from '@/app/ajax/account/profile-maintenance/route'
import { DELETION_JOB } from '@/lib/data-privacy/deletion-jobs'

async function member(role = 'owner', companyId?: number) {
  const id = companyId ?? (await makeCompany()).id
  const user = await makeUser({ companyId: id, role })
  return { companyId: id, cookie: await signIn(user.id, id) }
}
const DAY = 86_400_000
const ago = (days: number) => new Date(Date.now() - days * DAY)
const profile = (companyId: number, data: Record<string, unknown> = {}) =>
  db.profile.create({
    data: {
      id: randomBytes(8).toString('hex'),
      companyId,
      anonymousId: randomBytes(6).toString('hex'),
      createdAt: ago(800),
      ...data,
    },
  })
const get = (cookie: string, qs = '') => GET(ajaxRequest(`/ajax/account/profile-maintenance${qs}`, { cookie }))
const post = (cookie: string, body: unknown) =>
  POST(ajaxRequest('/ajax/account/profile-maintenance', { method: 'POST', cookie, body }))

test('counts only unreachable dormant profiles and queues their deletion for this company', async () => {
  const a = await member()
  const dormant1 = await profile(a.companyId)
  const dormant2 = await profile(a.companyId, { lastEventAt: ago(500) })
  await profile(a.companyId, { email: 'x@a.test' })
  await profile(a.companyId, { phoneNumber: '+15550001234' })
  await profile(a.companyId, { externalId: 'crm-1' })
  await profile(a.companyId, { lastEventAt: ago(10) })
  await profile(a.companyId, { createdAt: ago(5) })
  const device = await profile(a.companyId)
  await db.pushToken.create({
    data: {
      id: randomBytes(6).toString('hex'),
      companyId: a.companyId,
      profileId: device.id,
      token: 't',
      platform: 'ios',
      vendor: 'apns',
    },
  })
  const b = await member()
  await profile(b.companyId)

  const shown = await (await get(a.cookie)).json()
  expect(shown).toMatchObject({ inactiveDays: 365, total: 8, dormant: 2 })
  expect(shown.sample.map((p: { id: string }) => p.id).sort()).toEqual([dormant1.id, dormant2.id].sort())
  expect((await (await get(a.cookie, '?inactiveDays=600')).json()).dormant).toBe(1)

  const stale = await (await post(a.cookie, { inactiveDays: 365, expected: 3 })).json()
  expect(stale).toMatchObject({ queued: 0, changed: true, dormant: 2 })
  expect(await db.job.count({ where: { type: DELETION_JOB } })).toBe(0)

  const done = await (await post(a.cookie, { inactiveDays: 365, expected: 2 })).json()
  expect(done).toMatchObject({ queued: 2, changed: false })
  const jobs = await db.job.findMany({ where: { type: DELETION_JOB } })
  expect(jobs.map((j) => j.companyId)).toEqual([a.companyId, a.companyId])
  expect(jobs.map((j) => JSON.parse(j.payload).target.id).sort()).toEqual([dormant1.id, dormant2.id].sort())
})

test('bad input is a 400 and an analyst cannot remove profiles', async () => {
  const a = await member()
  for (const qs of ['?inactiveDays=5', '?inactiveDays=abc', '?inactiveDays=99999']) {
    const res = await get(a.cookie, qs)
    expect(res.status).toBe(400)
    expect(Object.keys((await res.json()).fieldErrors)).toEqual(['inactiveDays'])
  }
  const bad = await post(a.cookie, { inactiveDays: 10, expected: 0 })
  expect(bad.status).toBe(400)
  expect(Object.keys((await bad.json()).fieldErrors).sort()).toEqual(['expected', 'inactiveDays'])
  const analyst = await member('analyst', a.companyId)
  expect((await post(analyst.cookie, { inactiveDays: 365, expected: 1 })).status).toBe(403)
})
