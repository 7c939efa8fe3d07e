/** @jest-environment node */
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(30_000)
import { db } from '@/lib/db/client'
import { ulid } from '@/lib/ids/make-id'
import { POST as suppress } from '@/app/ajax/profile/[id]/suppress/route'
import { POST as unsuppress } from '@/app/ajax/profile/[id]/unsuppress/route'
import { ajaxRequest, makeCompany, makeUser, params, signIn } from '../helpers/factory'

async function setup(role = 'owner') {
  const c = await makeCompany()
  const u = await makeUser({ companyId: c.id, role })
  return { company: c, cookie: await signIn(u.id, c.id) }
}

const call = (handler: typeof suppress, action: string, id: string, cookie: string, body: unknown) =>
  handler(ajaxRequest(`/ajax/profile/${id}/${action}`, { method: 'POST', cookie, body }), params({ id }))

const active = (profileId: string) => db.suppression.findMany({ where: { profileId, clearedAt: null } })

test('suppress then unsuppress email by hand; the page data comes back each time', async () => {
  const { company, cookie } = await setup()
  const p = await db.profile.create({
    data: { id: ulid(), companyId: company.id, email: 's@example.com', phoneNumber: '+15555550111' },
  })
  const res = await call(suppress, 'suppress', p.id, cookie, { channel: 'email' })
  expect(res.status).toBe(200)
  const body = await res.json()
  expect(body.suppressions).toEqual([expect.objectContaining({ channel: 'email', reason: 'manual' })])
  expect(await active(p.id)).toHaveLength(1)

  const sms = await call(suppress, 'suppress', p.id, cookie, { channel: 'sms' })
  expect(sms.status).toBe(200)
  expect((await active(p.id)).map((s) => s.channel).sort()).toEqual(['email', 'sms'])

  const cleared = await call(unsuppress, 'unsuppress', p.id, cookie, { channel: 'email' })
  expect(cleared.status).toBe(200)
  expect((await cleared.json()).suppressions.map((s: { channel: string }) => s.channel)).toEqual(['sms'])
})

test('unsuppress clears only manual suppressions: a bounce stays', async () => {
  const { company, cookie } = await setup()
  const p = await db.profile.create({ data: { id: ulid(), companyId: company.id, email: 'b@example.com' } })
  await db.suppression.create({ data: { companyId: company.id, profileId: p.id, channel: 'email', reason: 'bounced' } })
  await call(suppress, 'suppress', p.id, cookie, { channel: 'email' })
  const res = await call(unsuppress, 'unsuppress', p.id, cookie, { channel: 'email' })
  expect(res.status).toBe(200)
  expect((await active(p.id)).map((s) => s.reason)).toEqual(['bounced'])
})

test('bad input is 400: unknown channel, missing channel, no address to suppress', async () => {
  const { company, cookie } = await setup()
  const p = await db.profile.create({ data: { id: ulid(), companyId: company.id, email: 'only-email@example.com' } })
  for (const body of [{}, { channel: 'push' }, { channel: 'email', extra: 1 }]) {
    const res = await call(suppress, 'suppress', p.id, cookie, body)
    expect(res.status).toBe(400)
    expect((await res.json()).fieldErrors).toBeDefined()
  }
  const noPhone = await call(suppress, 'suppress', p.id, cookie, { channel: 'sms' })
  expect(noPhone.status).toBe(400)
  expect((await noPhone.json()).fieldErrors.channel).toBeDefined()
  expect((await call(unsuppress, 'unsuppress', p.id, cookie, { channel: 'fax' })).status).toBe(400)
})

test("cross-tenant: another company's profile is 404 and stays unsuppressed; read-only roles get 403; CSRF is checked", async () => {
  const a = await setup()
  const b = await setup()
  const theirs = await db.profile.create({ data: { id: ulid(), companyId: b.company.id, email: 'theirs@example.com' } })
  expect((await call(suppress, 'suppress', theirs.id, a.cookie, { channel: 'email' })).status).toBe(404)
  expect((await call(unsuppress, 'unsuppress', theirs.id, a.cookie, { channel: 'email' })).status).toBe(404)
  expect(await active(theirs.id)).toHaveLength(0)
  expect((await call(suppress, 'suppress', ulid(), a.cookie, { channel: 'email' })).status).toBe(404)

  const analyst = await setup('analyst')
  const own = await db.profile.create({ data: { id: ulid(), companyId: analyst.company.id, email: 'own@example.com' } })
  expect((await call(suppress, 'suppress', own.id, analyst.cookie, { channel: 'email' })).status).toBe(403)
  const noCsrf = await suppress(
    new Request(`http://localhost:3000/ajax/profile/${own.id}/suppress`, {
      method: 'POST',
      headers: { cookie: a.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ channel: 'email' }),
    }),
    params({ id: own.id }),
  )
  expect(noCsrf.status).toBe(403)
})
