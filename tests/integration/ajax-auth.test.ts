/** @jest-environment node */
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
import { allowInserts, refuseInserts } from '../helpers/refuse-inserts'
import { POST as login } from '@/app/ajax/login/route'
import { POST as logout } from '@/app/ajax/logout/route'
import { POST as register } from '@/app/ajax/register/route'
import { GET as authorization } from '@/app/ajax/authorization/route'
import { db } from '@/lib/db/client'
import { verifyPassword } from '@/lib/auth/password'
import { confirmEmail } from '@/lib/auth/email-confirmation'
import { runJobsUntilIdle } from '@/lib/jobs/queue'
import { ajaxRequest, CSRF, makeCompany, makeUser, signIn } from '../helpers/factory'

const BAD = 'The email or password you entered is incorrect.'

/** The Cookie header a browser would send after this response (plus the CSRF cookie). */
function cookieFrom(res: Response): string {
  const pairs = res.headers.getSetCookie().map((c) => c.split(';')[0]!)
  return [...pairs, `kl_csrftoken=${CSRF}`].join('; ')
}

// x-client-ip is what scripts/server.mjs sets from the connection (see security-client-ip.test.ts).
const loginReq = (email: string, password: string, ip = '10.0.0.1') =>
  ajaxRequest('/ajax/login', { method: 'POST', body: { email, password }, headers: { 'x-client-ip': ip } })

describe('POST /ajax/login', () => {
  test('200 with the session cookies, a session row and the last-login record', async () => {
    const c = await makeCompany()
    const u = await makeUser({ email: 'login-ok@example.test', password: 'right-password', companyId: c.id })
    const res = await login(loginReq('Login-OK@example.test ', 'right-password'))
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ ok: true, redirect: '/dashboard' })
    const set = res.headers.getSetCookie()
    expect(set.find((s) => s.startsWith('kl_session='))).toMatch(/HttpOnly/)
    const state = set.find((s) => s.startsWith('kl_session_state='))!
    expect(decodeURIComponent(state.split(';')[0]!.split('=')[1]!)).toMatch(new RegExp(`^${c.id};${u.id};;\\d+;v2$`))
    expect(await db.session.count({ where: { userId: u.id, revokedAt: null } })).toBe(1)
    const after = await db.user.findUniqueOrThrow({ where: { id: u.id } })
    expect(after.lastLoginAt).not.toBeNull()
    expect(after.lastLoginIp).toBe('10.0.0.1')
    // The cookie works.
    expect((await authorization(ajaxRequest('/ajax/authorization', { cookie: cookieFrom(res) }))).status).toBe(200)
  })

  test('starts in the favourite membership', async () => {
    const a = await makeCompany()
    const b = await makeCompany()
    const u = await makeUser({ password: 'right-password', companyId: a.id })
    await db.membership.create({ data: { userId: u.id, companyId: b.id, role: 'analyst', isFavorite: true } })
    const res = await login(loginReq(u.email, 'right-password'))
    const row = await db.session.findFirstOrThrow({ where: { userId: u.id } })
    expect(res.status).toBe(200)
    expect(row.companyId).toBe(b.id)
  })

  test('wrong password and unknown email: 401 with the same message', async () => {
    const c = await makeCompany()
    const u = await makeUser({ password: 'right-password', companyId: c.id })
    const wrong = await login(loginReq(u.email, 'wrong-password'))
    expect(wrong.status).toBe(401)
    expect((await wrong.json()).message).toBe(BAD)
    expect(wrong.headers.getSetCookie()).toEqual([])
    const unknown = await login(loginReq('nobody@example.test', 'whatever'))
    expect(unknown.status).toBe(401)
    expect((await unknown.json()).message).toBe(BAD)
  })

  test('a user without any membership gets 401 with a clear message', async () => {
    const u = await makeUser({ password: 'right-password' })
    const res = await login(loginReq(u.email, 'right-password'))
    expect(res.status).toBe(401)
    expect((await res.json()).message).toMatch(/not a member of any account/)
  })

  test('429 with Retry-After after 10 failures per email and IP, even with the right password', async () => {
    const c = await makeCompany()
    const u = await makeUser({ password: 'right-password', companyId: c.id })
    for (let i = 0; i < 10; i++) expect((await login(loginReq(u.email, 'nope', '10.9.9.9'))).status).toBe(401)
    const limited = await login(loginReq(u.email, 'right-password', '10.9.9.9'))
    expect(limited.status).toBe(429)
    const retry = Number(limited.headers.get('retry-after'))
    expect(retry).toBeGreaterThan(0)
    expect(retry).toBeLessThanOrEqual(15 * 60)
    // Another IP is not limited.
    expect((await login(loginReq(u.email, 'right-password', '10.9.9.10'))).status).toBe(200)
    // Failures older than 15 minutes no longer count.
    await db.loginAttempt.updateMany({
      where: { ip: '10.9.9.9' },
      data: { createdAt: new Date(Date.now() - 16 * 60 * 1000) },
    })
    expect((await login(loginReq(u.email, 'right-password', '10.9.9.9'))).status).toBe(200)
  })

  test('CSRF: login and logout without the token are 403', async () => {
    const c = await makeCompany()
    const u = await makeUser({ password: 'right-password', companyId: c.id })
    expect(
      (
        await login(
          ajaxRequest('/ajax/login', {
            method: 'POST',
            body: { email: u.email, password: 'right-password' },
            csrf: false,
          }),
        )
      ).status,
    ).toBe(403)
    const cookie = (await signIn(u.id, c.id)).replace(/; kl_csrftoken=.*/, '')
    expect(
      (await logout(new Request('http://localhost:3000/ajax/logout', { method: 'POST', headers: { cookie } }))).status,
    ).toBe(403)
  })

  test('400 with field errors for a malformed body', async () => {
    const res = await login(ajaxRequest('/ajax/login', { method: 'POST', body: { email: '' } }))
    expect(res.status).toBe(400)
    expect(Object.keys((await res.json()).fieldErrors)).toEqual(expect.arrayContaining(['email', 'password']))
  })
})

describe('sessions', () => {
  test('logout revokes the row and clears the cookies; the old cookie then gets 401', async () => {
    const c = await makeCompany()
    const u = await makeUser({ companyId: c.id })
    const cookie = await signIn(u.id, c.id)
    const res = await logout(ajaxRequest('/ajax/logout', { method: 'POST', cookie }))
    expect(res.status).toBe(200)
    expect(res.headers.getSetCookie().every((s) => /Max-Age=0/.test(s))).toBe(true)
    expect(await db.session.count({ where: { userId: u.id, revokedAt: null } })).toBe(0)
    expect((await authorization(ajaxRequest('/ajax/authorization', { cookie }))).status).toBe(401)
  })

  test('absolute and idle expiry give 401', async () => {
    const c = await makeCompany()
    const u = await makeUser({ companyId: c.id })
    const absolute = await signIn(u.id, c.id)
    await db.session.updateMany({ where: { userId: u.id }, data: { expiresAt: new Date(Date.now() - 1000) } })
    expect((await authorization(ajaxRequest('/ajax/authorization', { cookie: absolute }))).status).toBe(401)
    const idle = await signIn(u.id, c.id)
    await db.session.updateMany({
      where: { userId: u.id, expiresAt: { gt: new Date() } },
      data: { lastSeenAt: new Date(Date.now() - 25 * 3600 * 1000) },
    })
    expect((await authorization(ajaxRequest('/ajax/authorization', { cookie: idle }))).status).toBe(401)
  })
})

describe('POST /ajax/register', () => {
  const body = (email: string) => ({
    companyName: 'Acme Goods',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email,
    password: 'long-enough-pw',
  })

  test('creates the company, owner and membership, and mails a confirmation link instead of signing in', async () => {
    const res = await register(ajaxRequest('/ajax/register', { method: 'POST', body: body('new-owner@example.test') }))
    expect(res.status).toBe(202)
    expect(await res.json()).toEqual({ ok: true, checkEmail: true })
    expect(res.headers.getSetCookie()).toEqual([])
    const user = await db.user.findUniqueOrThrow({
      where: { email: 'new-owner@example.test' },
      include: { memberships: { include: { company: true } } },
    })
    expect(await verifyPassword('long-enough-pw', user.passwordHash)).toBe(true)
    expect(user.passwordHash).toMatch(/^scrypt\$/)
    expect(user.emailConfirmed).toBe(false)
    expect(user.memberships).toHaveLength(1)
    expect(user.memberships[0]!.role).toBe('owner')
    expect(user.memberships[0]!.company.publicApiKey).toMatch(/^[A-Z0-9]{6}$/)
    const flags = await db.featureFlag.findMany({ where: { companyId: user.memberships[0]!.companyId } })
    expect(flags.map((f) => f.name).sort()).toEqual([
      'identity_explorer',
      'subscriber_growth_report',
      'support_ticket_dashboard_enabled',
    ])
    await runJobsUntilIdle()
    const mail = await db.outboxMail.findFirstOrThrow({ where: { to: 'new-owner@example.test' } })
    expect(mail.subject).toBe('Confirm your email address')
    const [, uid, token] = mail.text.match(/http:\/\/localhost:3000\/account\/confirm-email\/([\w-]+)\/([\w.-]+)/)!
    expect(await confirmEmail(uid!, token!.slice(0, -1) + (token!.endsWith('A') ? 'B' : 'A'))).toBe(false)
    expect(await confirmEmail(uid!, token!)).toBe(true)
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).emailConfirmed).toBe(true)
    // The new owner signs in with the password chosen.
    const signedIn = await login(loginReq('new-owner@example.test', 'long-enough-pw'))
    const a = await authorization(ajaxRequest('/ajax/authorization', { cookie: cookieFrom(signedIn) }))
    expect((await a.json()).role).toBe('owner')
  })

  test('short password: 400 with field errors', async () => {
    const short = await register(
      ajaxRequest('/ajax/register', { method: 'POST', body: { ...body('short@example.test'), password: 'short' } }),
    )
    expect(short.status).toBe(400)
    expect((await short.json()).fieldErrors.password).toBeDefined()
  })

  test('one transaction: a failing later step leaves no company and no user', async () => {
    const companies = await db.company.count()
    const refusal = {
      name: 'fail_membership',
      table: { sqlite: '"Membership"', postgres: '"Membership"' },
      message: 'boom',
    }
    await refuseInserts(refusal)
    const spy = jest.spyOn(console, 'error').mockImplementation(() => {})
    try {
      const res = await register(ajaxRequest('/ajax/register', { method: 'POST', body: body('atomic@example.test') }))
      expect(res.status).toBe(500)
    } finally {
      spy.mockRestore()
      await allowInserts(refusal)
    }
    expect(await db.company.count()).toBe(companies)
    expect(await db.user.count({ where: { email: 'atomic@example.test' } })).toBe(0)
  })
})
