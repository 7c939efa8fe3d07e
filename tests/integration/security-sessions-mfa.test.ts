/** @jest-environment node */
// Issue 29, findings 4, 7, 8, 13 and 15, each as the attack's requests against the real route
// handlers and a real SQLite file:
// 4: every way into a session (invitation accepted or password set from one, company switch,
//    password reset, email confirmation) honours the second factor and the owner's requirement;
// 7: replacing two-factor sign-in needs the password (or a current code), is audited and mailed;
// 8: the API keys of a removed user (or one demoted below keys) stop working, unless an owner
//    took them over;
// 13: an email change to a registered address answers as one to a free address;
// 15: passwords tried on an invitation link count against the sign-in limits.
import { createHmac } from 'node:crypto'
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)

import { db } from '@/lib/db/client'
import { ajaxRequest, CSRF, makeCompany, makeUser, signIn } from '../helpers/factory'
import { api } from '../helpers/route-server'
import { resetRateLimits } from '@/lib/api/rate-limit'
import { SESSION_COOKIE, SESSION_STATE_COOKIE, CSRF_COOKIE } from '@/lib/auth/config'
import { emailConfirmationLink, confirmEmail } from '@/lib/auth/email-confirmation'
import { sendPasswordResetMail } from '@/lib/auth/request-password-reset'
import { GET as authorization } from '@/app/ajax/authorization/route'
import { POST as mfaSetup } from '@/app/ajax/account/mfa/setup/route'
import { POST as mfaConfirm } from '@/app/ajax/account/mfa/setup/confirm/route'
import { POST as mfaVerify } from '@/app/ajax/account/mfa/verify/route'
import { POST as switchCompany } from '@/app/ajax/account/switch-company/route'
import { POST as createKey } from '@/app/ajax/account/private-api-key/create/route'
import { GET as listKeys } from '@/app/ajax/account/api-keys/route'
import { POST as takeOver } from '@/app/ajax/account/api-key/take-over/route'
import { POST as inviteUser } from '@/app/ajax/account/users/create/route'
import { POST as modifyUser } from '@/app/ajax/account/users/modify/route'
import { POST as deleteUser } from '@/app/ajax/account/users/delete/route'
import { POST as acceptInvitation } from '@/app/ajax/account/accept-invitation/route'
import { POST as createPassword } from '@/app/ajax/account/create-password/route'
import { POST as toggleRequirement } from '@/app/ajax/account/multi-factor/toggle/route'
import { POST as reset } from '@/app/ajax/account/reset/route'
import { POST as emailChange } from '@/app/ajax/account/email-change/route'

// RFC 6238, computed here independently of the code under test.
function base32Decode(s: string): Buffer {
  const A = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
  let bits = ''
  for (const ch of s.replace(/=+$/, '')) bits += A.indexOf(ch).toString(2).padStart(5, '0')
  const out: number[] = []
  for (let i = 0; i + 8 <= bits.length; i += 8) out.push(parseInt(bits.slice(i, i + 8), 2))
  return Buffer.from(out)
}
function totp(secret: string, ms: number): string {
  const counter = Buffer.alloc(8)
  counter.writeBigUInt64BE(BigInt(Math.floor(ms / 1000 / 30)))
  const h = createHmac('sha1', base32Decode(secret)).update(counter).digest()
  const o = h[h.length - 1]! & 0xf
  return String((h.readUInt32BE(o) & 0x7fffffff) % 1_000_000).padStart(6, '0')
}

// A fixed clock near real time (each code works once per 30 s step): 5 s into a step.
const T0 = Math.floor(Date.now() / 30_000) * 30_000 + 5_000
let clock = T0
let nowSpy: jest.SpyInstance
let info: jest.SpyInstance
beforeEach(() => {
  clock = T0
  nowSpy = jest.spyOn(Date, 'now').mockImplementation(() => clock)
  info = jest.spyOn(console, 'info').mockImplementation(() => {})
  resetRateLimits()
})
afterEach(() => {
  nowSpy.mockRestore()
  info.mockRestore()
})

type Handler = (r: Request) => Promise<Response>
async function call(handler: Handler, path: string, cookie: string | undefined, body?: unknown) {
  const res = await handler(ajaxRequest(path, { method: body === undefined ? 'GET' : 'POST', cookie, body }))
  return { status: res.status, json: await res.json(), res }
}
const anon = `${CSRF_COOKIE}=${CSRF}`
const setCookies = (res: Response) => res.headers.getSetCookie()
const cookieFrom = (res: Response) =>
  `${
    setCookies(res)
      .find((c) => c.startsWith(`${SESSION_COOKIE}=`))!
      .split(';')[0]
  }; ${CSRF_COOKIE}=${CSRF}`
const hasStateCookie = (res: Response) =>
  setCookies(res).some((c) => c.startsWith(`${SESSION_STATE_COOKIE}=`) && !/Max-Age=0/i.test(c))

async function account(role = 'owner', password = 'correct-horse') {
  const company = await makeCompany()
  const user = await makeUser({ companyId: company.id, role, password })
  return { company, user, cookie: await signIn(user.id, company.id) }
}

async function enableMfa(cookie: string) {
  const setup = await call(mfaSetup, '/ajax/account/mfa/setup', cookie, {})
  expect(setup.status).toBe(200)
  const confirmed = await call(mfaConfirm, '/ajax/account/mfa/setup/confirm', cookie, {
    code: totp(setup.json.secret, clock),
  })
  expect(confirmed.status).toBe(200)
  clock += 30_000
  return setup.json.secret as string
}

const INVITE_LINK = /http:\/\/localhost:3000\/account\/create-password\/([A-Za-z0-9_-]+)\/([A-Za-z0-9_-]+)/
async function invite(ownerCookie: string, email: string, role = 'manager') {
  expect((await call(inviteUser, '/ajax/account/users/create', ownerCookie, { email, role })).status).toBe(201)
  const mail = await db.outboxMail.findFirstOrThrow({ where: { to: email }, orderBy: { id: 'desc' } })
  const [, uid, token] = mail.text.match(INVITE_LINK)!
  return { uid: uid!, token: token! }
}

/** What a session cookie may do: the app (authorization), switching company, making an API key. */
async function powers(cookie: string, companyId: number) {
  return {
    app: (await call(authorization, '/ajax/authorization', cookie)).status,
    switch: (await call(switchCompany, '/ajax/account/switch-company', cookie, { companyId })).status,
    apiKey: (await call(createKey, '/ajax/account/private-api-key/create', cookie, { label: 'attacker' })).status,
  }
}

describe('finding 4: one way into a session', () => {
  test('accepting an invitation signed out with the password of a two-factor user gives only a half session until the code', async () => {
    const inviting = await account()
    const victim = await account('owner', 'their-password')
    const secret = await enableMfa(victim.cookie)
    const { uid, token } = await invite(inviting.cookie, victim.user.email)

    const accepted = await call(acceptInvitation, '/ajax/account/accept-invitation', anon, {
      uid,
      token,
      password: 'their-password',
    })
    expect(accepted.status).toBe(200)
    expect(accepted.json).toMatchObject({ mfaRequired: true, redirect: '/login-mfa' })
    expect(hasStateCookie(accepted.res)).toBe(false)
    const half = cookieFrom(accepted.res)
    // Neither the inviting account nor the user's own can be entered, nor a key made.
    expect(await powers(half, victim.company.id)).toEqual({ app: 401, switch: 401, apiKey: 401 })
    expect(await db.apiKey.count({ where: { companyId: { in: [inviting.company.id, victim.company.id] } } })).toBe(0)

    const verified = await call(mfaVerify, '/ajax/account/mfa/verify', half, { code: totp(secret, clock) })
    expect(verified.status).toBe(200)
    const full = cookieFrom(verified.res)
    expect((await call(authorization, '/ajax/authorization', full)).json).toMatchObject({
      company: inviting.company.id,
      role: 'manager',
    })
  })

  test('an account that requires two-factor sign-in sends an invited newcomer to set it up first', async () => {
    const owner = await account()
    await enableMfa(owner.cookie)
    expect(
      (await call(toggleRequirement, '/ajax/account/multi-factor/toggle', owner.cookie, { two_step_required: true }))
        .status,
    ).toBe(200)
    const { uid, token } = await invite(owner.cookie, 'newcomer@example.test', 'admin')
    const created = await call(createPassword, '/ajax/account/create-password', anon, {
      uid,
      token,
      firstName: 'N',
      lastName: 'C',
      password1: 'long-password',
      password2: 'long-password',
    })
    expect(created.status).toBe(201)
    expect(created.json).toMatchObject({ mfaRequired: true, redirect: '/configure-mfa' })
    expect(hasStateCookie(created.res)).toBe(false)
    const half = cookieFrom(created.res)
    expect(await powers(half, owner.company.id)).toEqual({ app: 401, switch: 401, apiKey: 401 })
    // Setting it up completes the sign-in.
    const setup = await call(mfaSetup, '/ajax/account/mfa/setup', half, {})
    expect(setup.status).toBe(200)
    const done = await call(mfaConfirm, '/ajax/account/mfa/setup/confirm', half, {
      code: totp(setup.json.secret, clock),
    })
    expect(done.json.signedIn).toBe(true)
    expect((await call(authorization, '/ajax/authorization', cookieFrom(done.res))).json).toMatchObject({
      company: owner.company.id,
      role: 'admin',
    })
  })

  test('switching into an account that requires two-factor sign-in, without it, ends the session for a setup one', async () => {
    const strict = await account()
    await enableMfa(strict.cookie)
    expect(
      (await call(toggleRequirement, '/ajax/account/multi-factor/toggle', strict.cookie, { two_step_required: true }))
        .status,
    ).toBe(200)
    const member = await account()
    await db.membership.create({ data: { userId: member.user.id, companyId: strict.company.id, role: 'admin' } })

    const switched = await call(switchCompany, '/ajax/account/switch-company', member.cookie, {
      companyId: strict.company.id,
    })
    expect(switched.status).toBe(200)
    expect(switched.json).toMatchObject({ mfaRequired: true, redirect: '/configure-mfa' })
    expect(hasStateCookie(switched.res)).toBe(false)
    expect(await powers(cookieFrom(switched.res), strict.company.id)).toEqual({ app: 401, switch: 401, apiKey: 401 })
    // The session it came from is over as well.
    expect((await call(authorization, '/ajax/authorization', member.cookie)).status).toBe(401)
  })

  test('a password reset and an email confirmation start no session', async () => {
    const { user } = await account()
    // The reset mail's job, run here (the request only queues it).
    await sendPasswordResetMail(user.email)
    const mail = await db.outboxMail.findFirstOrThrow({ where: { to: user.email }, orderBy: { id: 'desc' } })
    const [, uid, token] = mail.text.match(/\/account\/reset\/([A-Za-z0-9_-]+)\/([A-Za-z0-9_-]+)/)!
    const done = await call(reset, '/ajax/account/reset', anon, {
      uid,
      token,
      password1: 'a-new-password',
      password2: 'a-new-password',
    })
    expect(done.status).toBe(200)
    expect(setCookies(done.res).filter((c) => c.startsWith(`${SESSION_COOKIE}=`))).toEqual([])

    const before = await db.session.count({ where: { userId: user.id } })
    const [, cuid, ctoken] = emailConfirmationLink(user).match(/confirm-email\/([^/]+)\/([^/]+)$/)!
    expect(await confirmEmail(cuid!, ctoken!)).toBe(true)
    expect(await db.session.count({ where: { userId: user.id } })).toBe(before)
  })
})

describe('finding 7: replacing two-factor sign-in', () => {
  test('needs the password or a current code; is audited and mailed', async () => {
    const { company, user, cookie } = await account()
    const secret = await enableMfa(cookie)

    const bare = await call(mfaSetup, '/ajax/account/mfa/setup', cookie, {})
    expect(bare.status).toBe(400)
    expect(bare.json.error).toBe('reauth_required')
    expect(bare.json.fieldErrors.password).toBeDefined()
    const wrong = await call(mfaSetup, '/ajax/account/mfa/setup', cookie, { password: 'not-it' })
    expect(wrong.status).toBe(400)
    expect(wrong.json.fieldErrors.password).toEqual(['The password is incorrect.'])
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).mfaPendingSecret).toBeNull()
    // Without a started setup, a confirmation has nothing to confirm.
    expect((await call(mfaConfirm, '/ajax/account/mfa/setup/confirm', cookie, { code: '123456' })).status).toBe(400)

    const ok = await call(mfaSetup, '/ajax/account/mfa/setup', cookie, { password: 'correct-horse' })
    expect(ok.status).toBe(200)
    const confirmed = await call(mfaConfirm, '/ajax/account/mfa/setup/confirm', cookie, {
      code: totp(ok.json.secret, clock),
    })
    expect(confirmed.status).toBe(200)
    expect(confirmed.json.backupCodes).toHaveLength(10)
    expect(
      await db.auditEntry.count({ where: { companyId: company.id, userId: user.id, action: 'user.mfa_replaced' } }),
    ).toBe(1)
    const mail = await db.outboxMail.findFirstOrThrow({ where: { to: user.email }, orderBy: { id: 'desc' } })
    expect(mail.subject).toBe('Two-factor sign-in was set up again')

    // A current code of the authenticator in use works instead of the password.
    clock += 30_000
    expect(secret).not.toBe(ok.json.secret)
    expect((await call(mfaSetup, '/ajax/account/mfa/setup', cookie, { code: totp(secret, clock) })).status).toBe(400)
    expect(
      (await call(mfaSetup, '/ajax/account/mfa/setup', cookie, { code: totp(ok.json.secret, clock) })).status,
    ).toBe(200)
  })
})

describe('finding 8: API keys of users who leave', () => {
  async function keyOf(cookie: string) {
    const r = await call(createKey, '/ajax/account/private-api-key/create', cookie, { label: 'sync' })
    expect(r.status).toBe(201)
    return { key: r.json.key as string, id: r.json.apiKey.id as number }
  }
  const write = (key: string) =>
    api('POST', '/api/profiles', {
      key,
      body: { data: { type: 'profile', attributes: { email: `p-${Math.random()}@example.test` } } },
    })

  test('removing a user revokes their keys in the same write; a key an owner took over keeps working', async () => {
    const { company, cookie: ownerCookie } = await account()
    const admin = await makeUser({ companyId: company.id, role: 'admin' })
    const adminCookie = await signIn(admin.id, company.id)
    const theirs = await keyOf(adminCookie)
    const kept = await keyOf(adminCookie)
    expect((await write(theirs.key)).status).toBe(201)

    const listed = (await call(listKeys, '/ajax/account/api-keys', ownerCookie)).json.apiKeys
    expect(listed.find((k: { id: number }) => k.id === theirs.id).createdBy).toMatchObject({
      id: admin.id,
      email: admin.email,
    })
    expect((await call(takeOver, '/ajax/account/api-key/take-over', adminCookie, { id: kept.id })).status).toBe(403)
    expect((await call(takeOver, '/ajax/account/api-key/take-over', ownerCookie, { id: kept.id })).status).toBe(200)

    expect((await call(deleteUser, '/ajax/account/users/delete', ownerCookie, { email: admin.email })).status).toBe(200)
    expect((await write(theirs.key)).status).toBe(401)
    expect((await write(kept.key)).status).toBe(201)
    const audit = await db.auditEntry.findFirstOrThrow({ where: { companyId: company.id, action: 'user.removed' } })
    expect(JSON.parse(audit.details)).toMatchObject({ apiKeysRevoked: 1 })
  })

  test('a role that may not hold keys loses the ones the user made', async () => {
    const { company, cookie: ownerCookie } = await account()
    const manager = await makeUser({ companyId: company.id, role: 'manager' })
    const { key } = await keyOf(await signIn(manager.id, company.id))
    expect(
      (await call(modifyUser, '/ajax/account/users/modify', ownerCookie, { email: manager.email, role: 'admin' }))
        .status,
    ).toBe(200)
    expect((await write(key)).status).toBe(201)
    expect(
      (await call(modifyUser, '/ajax/account/users/modify', ownerCookie, { email: manager.email, role: 'analyst' }))
        .status,
    ).toBe(200)
    expect((await write(key)).status).toBe(401)
  })
})

test('finding 13: an email change to a registered address answers as one to a free address', async () => {
  const { cookie } = await account()
  const other = await makeUser({ email: 'registered@example.test' })
  const free = await call(emailChange, '/ajax/account/email-change', cookie, {
    email: 'free@example.test',
    password: 'correct-horse',
  })
  const taken = await call(emailChange, '/ajax/account/email-change', cookie, {
    email: 'registered@example.test',
    password: 'correct-horse',
  })
  expect({ status: taken.status, keys: Object.keys(taken.json) }).toEqual({
    status: free.status,
    keys: Object.keys(free.json),
  })
  expect(taken.json).toEqual({ pendingEmail: 'registered@example.test' })
  expect(JSON.stringify(taken.json)).not.toMatch(/already/i)
  // The address's owner hears of it, without a link that would change anything.
  const mail = await db.outboxMail.findFirstOrThrow({ where: { to: other.email }, orderBy: { id: 'desc' } })
  expect(mail.subject).toBe('Someone tried to use your email address')
  expect(mail.text).not.toMatch(/email-change-confirmation/)
})

test('finding 15: wrong passwords on an invitation link meet the sign-in limits (429)', async () => {
  const inviting = await account()
  const target = await account('owner', 'their-password')
  const { uid, token } = await invite(inviting.cookie, target.user.email)
  const statuses: number[] = []
  for (let i = 0; i < 11; i++)
    statuses.push(
      (await call(acceptInvitation, '/ajax/account/accept-invitation', anon, { uid, token, password: `wrong-${i}` }))
        .status,
    )
  expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400))
  expect(statuses[10]).toBe(429)
  // Even the right password waits now.
  const right = await call(acceptInvitation, '/ajax/account/accept-invitation', anon, {
    uid,
    token,
    password: 'their-password',
  })
  expect(right.status).toBe(429)
  expect(right.res.headers.get('retry-after')).toMatch(/^\d+$/)
})
