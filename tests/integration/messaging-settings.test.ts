/** @jest-environment node */
// /settings/account/messaging through the real /ajax route (issue 27 §4): smart sending, caps and
// quiet hours saved in one write and read back as the policy engine's settings; a bad field is a
// 400 under its path that changes nothing; writing needs account_settings_write; each company
// has its own row.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)
import { db } from '@/lib/db/client'
import { ajaxRequest, makeCompany, makeUser, signIn } from '../helpers/factory'
import { GET, PUT } from '@/app/ajax/account/messaging/route'

async function member(role = 'owner', companyId?: number) {
  const id = companyId ?? (await makeCompany()).id
  const user = await makeUser({ companyId: id, role })
  return { companyId: id, cookie: await signIn(user.id, id) }
}
const get = (cookie: string) => GET(ajaxRequest('/ajax/account/messaging', { cookie }))
const put = (cookie: string, body: unknown) =>
  PUT(ajaxRequest('/ajax/account/messaging', { method: 'PUT', cookie, body }))
const valid = {
  sending: { smartSendingHours: '24', frequencyCaps: { sms: { day: '1', week: '3' }, email: { day: '', week: '' } } },
  quietHours: { enabled: true, start: '22:30', end: '07:00' },
}

test('defaults, then one save of the whole policy, per company', async () => {
  const a = await member()
  const b = await member()
  const before = await (await get(a.cookie)).json()
  expect(before).toMatchObject({ smartSendingHours: 16, quietHours: { enabled: true, start: '21:00', end: '08:00' } })
  const res = await put(a.cookie, valid)
  expect(res.status).toBe(200)
  expect(await res.json()).toMatchObject({
    smartSendingHours: 24,
    frequencyCaps: { sms: { day: 1, week: 3 }, email: { day: null, week: null } },
    quietHours: { enabled: true, start: '22:30', end: '07:00' },
  })
  const row = await db.messagingSettings.findUniqueOrThrow({ where: { companyId: a.companyId } })
  expect(row).toMatchObject({
    quietHoursStart: 22 * 60 + 30,
    quietHoursEnd: 7 * 60,
    frequencyCaps: '{"sms":{"day":1,"week":3}}',
  })
  expect((await (await get(b.cookie)).json()).smartSendingHours).toBe(16)
})

test('bad fields are 400 under their path and nothing is saved', async () => {
  const a = await member()
  const fields = async (body: unknown) => {
    const res = await put(a.cookie, body)
    expect(res.status).toBe(400)
    return Object.keys((await res.json()).fieldErrors).sort()
  }
  expect(
    await fields({
      ...valid,
      sending: { smartSendingHours: '500', frequencyCaps: { sms: { day: '5', week: '2' } } },
    }),
  ).toEqual(['sending.frequencyCaps.sms.week', 'sending.smartSendingHours'])
  expect(await fields({ ...valid, quietHours: { enabled: true, start: '25:00', end: '7' } })).toEqual([
    'quietHours.end',
    'quietHours.start',
  ])
  expect(await fields({ ...valid, quietHours: { enabled: true, start: '08:00', end: '08:00' } })).toEqual([
    'quietHours.end',
  ])
  expect(await fields({ ...valid, sending: { ...valid.sending, frequencyCaps: { fax: { day: 1 } } } })).toEqual([
    'sending.frequencyCaps',
  ])
  expect(await db.messagingSettings.findUnique({ where: { companyId: a.companyId } })).toBeNull()
})

test('an analyst reads but cannot save', async () => {
  const o = await member()
  const analyst = await member('analyst', o.companyId)
  expect((await get(analyst.cookie)).status).toBe(200)
  expect((await put(analyst.cookie, valid)).status).toBe(403)
})
