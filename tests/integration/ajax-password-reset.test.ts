/** @jest-environment node */
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
import { POST as requestReset } from '@/app/ajax/account/password-reset/route'
import { GET as validate } from '@/app/ajax/account/reset/validate/route'
import { POST as reset } from '@/app/ajax/account/reset/route'
import { POST as login } from '@/app/ajax/login/route'
import { db } from '@/lib/db/client'
import { encodeUid } from '@/lib/auth/reset-token'
import { runJobsUntilIdle } from '@/lib/jobs/queue'
import { ajaxRequest, makeCompany, makeUser, signIn } from '../helpers/factory'

let info: jest.SpyInstance
beforeEach(() => {
  info = jest.spyOn(console, 'info').mockImplementation(() => {})
})
afterEach(() => info.mockRestore())

const LINK = /http:\/\/localhost:3000\/account\/reset\/([A-Za-z0-9_-]+)\/([A-Za-z0-9_-]+)/

test('the full flow: email in the outbox, link valid once, sessions revoked, new password works', async () => {
  const c = await makeCompany()
  const u = await makeUser({ email: 'forgetful@example.test', password: 'old-password', companyId: c.id })
  await signIn(u.id, c.id)
  await signIn(u.id, c.id)

  const res = await requestReset(
    ajaxRequest('/ajax/account/password-reset', { method: 'POST', body: { email: 'forgetful@example.test' } }),
  )
  expect(res.status).toBe(200)
  await runJobsUntilIdle() // the mail is written by a job (the answer must not wait for it)
  const mail = await db.outboxMail.findFirstOrThrow({ where: { to: 'forgetful@example.test' } })
  expect(mail.status).toBe('logged')
  expect(mail.subject).toBe('Reset your password')
  const [, uid, token] = mail.text.match(LINK)!
  expect(uid).toBe(encodeUid(u.id))
  expect(info).toHaveBeenCalledWith(expect.stringContaining('forgetful@example.test'))
  // Only the hash is stored.
  const row = await db.passwordResetToken.findFirstOrThrow({ where: { userId: u.id } })
  expect(row.tokenHash).not.toContain(token!)
  expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeCloseTo(3600_000, -3)

  const ok = await validate(ajaxRequest(`/ajax/account/reset/validate?uid=${uid}&token=${token}`))
  expect(await ok.json()).toEqual({ valid: true })

  const mismatch = await reset(
    ajaxRequest('/ajax/account/reset', {
      method: 'POST',
      body: { uid, token, password1: 'new-password-1', password2: 'different-1' },
    }),
  )
  expect(mismatch.status).toBe(400)
  expect((await mismatch.json()).fieldErrors.password2).toBeDefined()

  const done = await reset(
    ajaxRequest('/ajax/account/reset', {
      method: 'POST',
      body: { uid, token, password1: 'new-password-1', password2: 'new-password-1' },
    }),
  )
  expect(done.status).toBe(200)
  expect(await db.session.count({ where: { userId: u.id, revokedAt: null } })).toBe(0)

  const again = await reset(
    ajaxRequest('/ajax/account/reset', {
      method: 'POST',
      body: { uid, token, password1: 'other-password', password2: 'other-password' },
    }),
  )
  expect(again.status).toBe(400)
  expect((await again.json()).error).toBe('invalid_token')
  expect(await (await validate(ajaxRequest(`/ajax/account/reset/validate?uid=${uid}&token=${token}`))).json()).toEqual({
    valid: false,
  })

  const body = (password: string) => ({ email: 'forgetful@example.test', password })
  expect((await login(ajaxRequest('/ajax/login', { method: 'POST', body: body('old-password') }))).status).toBe(401)
  expect((await login(ajaxRequest('/ajax/login', { method: 'POST', body: body('new-password-1') }))).status).toBe(200)
})

test('unknown email: the same 200 and no mail', async () => {
  const before = await db.outboxMail.count()
  const res = await requestReset(
    ajaxRequest('/ajax/account/password-reset', { method: 'POST', body: { email: 'ghost@example.test' } }),
  )
  expect(res.status).toBe(200)
  expect(await res.json()).toEqual({ ok: true })
  await runJobsUntilIdle()
  expect(await db.outboxMail.count()).toBe(before)
})

test('expired, forged or mismatched-uid tokens are invalid', async () => {
  const c = await makeCompany()
  const u = await makeUser({ companyId: c.id })
  const other = await makeUser({ companyId: c.id })
  await requestReset(ajaxRequest('/ajax/account/password-reset', { method: 'POST', body: { email: u.email } }))
  await runJobsUntilIdle()
  const mail = await db.outboxMail.findFirstOrThrow({ where: { to: u.email } })
  const [, uid, token] = mail.text.match(LINK)!
  const attempt = (x: string, y: string) =>
    reset(
      ajaxRequest('/ajax/account/reset', {
        method: 'POST',
        body: { uid: x, token: y, password1: 'new-password-1', password2: 'new-password-1' },
      }),
    )
  expect((await attempt(encodeUid(other.id), token!)).status).toBe(400)
  expect((await attempt(uid!, 'forged-token')).status).toBe(400)
  await db.passwordResetToken.updateMany({ where: { userId: u.id }, data: { expiresAt: new Date(Date.now() - 1000) } })
  const expired = await attempt(uid!, token!)
  expect(expired.status).toBe(400)
  expect((await expired.json()).error).toBe('invalid_token')
})

test("the emailed link uses APP_URL, never the request's Host header", async () => {
  const company = await makeCompany()
  const user = await makeUser({ email: 'host-check@example.com', companyId: company.id })
  const before = process.env.APP_URL
  process.env.APP_URL = 'https://mail.merchant.example/'
  try {
    const req = ajaxRequest('http://evil.test/ajax/account/password-reset', {
      method: 'POST',
      body: { email: user.email },
      headers: { host: 'evil.test' },
    })
    expect((await requestReset(req)).status).toBe(200)
    await runJobsUntilIdle()
  } finally {
    if (before === undefined) delete process.env.APP_URL
    else process.env.APP_URL = before
  }
  const mail = await db.outboxMail.findFirstOrThrow({ where: { to: user.email }, orderBy: { id: 'desc' } })
  expect(mail.text).toContain('https://mail.merchant.example/account/reset/')
  expect(mail.text).not.toContain('evil.test')
})
