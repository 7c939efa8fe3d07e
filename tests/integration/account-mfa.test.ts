/** @jest-environment node */
// Two-factor sign-in (issue 12 §2, §5): setup with a QR code, codes checked against a fixed
// clock, a code works once, 5 wrong codes lock for 15 minutes, one-time backup codes, the
// owner's requirement (two_step_required, isMfaRequired), and the half-authenticated session
// between password and code that can do nothing else.
import { createHmac } from 'node:crypto'
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(30_000)

import { db } from '@/lib/db/client'
import { ajaxRequest, CSRF, makeCompany, makeUser, signIn } from '../helpers/factory'
import { SESSION_COOKIE, SESSION_STATE_COOKIE, CSRF_COOKIE } from '@/lib/auth/config'
import { POST as login } from '@/app/ajax/login/route'
import { GET as authorization } from '@/app/ajax/authorization/route'
import { GET as appShell } from '@/app/ajax/app_shell/route'
import { GET as mfaStatus } from '@/app/ajax/account/mfa/status/route'
import { POST as mfaSetup } from '@/app/ajax/account/mfa/setup/route'
import { POST as mfaConfirm } from '@/app/ajax/account/mfa/setup/confirm/route'
import { POST as mfaVerify } from '@/app/ajax/account/mfa/verify/route'
import { POST as mfaBackup } from '@/app/ajax/account/mfa/verify-backup/route'
import { POST as mfaDisable } from '@/app/ajax/account/mfa/disable/route'
import { GET as getToggle, POST as postToggle } from '@/app/ajax/account/multi-factor/toggle/route'
import { GET as sessions } from '@/app/ajax/account/sessions/route'

// RFC 6238 computed here, independently of the library under test: SHA-1, 6 digits, 30 s.
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

// A fixed clock near real time (sessions are stamped with the real time): 5 s into a step.
const T0 = Math.floor(Date.now() / 30_000) * 30_000 + 5_000
let clock = T0
let nowSpy: jest.SpyInstance
let info: jest.SpyInstance
beforeEach(() => {
  clock = T0
  nowSpy = jest.spyOn(Date, 'now').mockImplementation(() => clock)
  info = jest.spyOn(console, 'info').mockImplementation(() => {})
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
const cookieFrom = (res: Response) =>
  `${
    res.headers
      .getSetCookie()
      .find((c) => c.startsWith(`${SESSION_COOKIE}=`))!
      .split(';')[0]
  }; ${CSRF_COOKIE}=${CSRF}`

async function account(role = 'owner') {
  const company = await makeCompany()
  const user = await makeUser({ companyId: company.id, role, password: 'correct-horse' })
  return { company, user, cookie: await signIn(user.id, company.id) }
}

/** Turns MFA on through the calls; returns the secret and backup codes. */
async function enableMfa(cookie: string) {
  const setup = await call(mfaSetup, '/ajax/account/mfa/setup', cookie, {})
  expect(setup.status).toBe(200)
  const secret: string = setup.json.secret
  const confirmed = await call(mfaConfirm, '/ajax/account/mfa/setup/confirm', cookie, { code: totp(secret, clock) })
  expect(confirmed.status).toBe(200)
  return { secret, backupCodes: confirmed.json.backupCodes as string[] }
}

const loginAs = (email: string, password = 'correct-horse') =>
  call(login, '/ajax/login', `${CSRF_COOKIE}=${CSRF}`, { email, password })

test('setup: secret and local QR code, stored encrypted; a wrong code is refused; the right one turns MFA on with 10 hashed backup codes', async () => {
  const { user, cookie } = await account()
  const setup = await call(mfaSetup, '/ajax/account/mfa/setup', cookie, {})
  expect(setup.status).toBe(200)
  expect(setup.json.secret).toMatch(/^[A-Z2-7]{16,}$/)
  expect(setup.json.otpauthUrl).toMatch(/^otpauth:\/\/totp\/.+secret=/)
  expect(setup.json.qrCode).toMatch(/^data:image\/svg\+xml;base64,/)
  expect(Buffer.from(setup.json.qrCode.split(',')[1], 'base64').toString()).toContain('<svg')
  const row = await db.user.findUniqueOrThrow({ where: { id: user.id } })
  expect(row.mfaEnabled).toBe(false)
  expect(row.mfaPendingSecret).toMatch(/^v1\./)
  expect(row.mfaPendingSecret).not.toContain(setup.json.secret)

  const wrong = await call(mfaConfirm, '/ajax/account/mfa/setup/confirm', cookie, {
    code: '000000' === totp(setup.json.secret, clock) ? '111111' : '000000',
  })
  expect(wrong.status).toBe(400)
  expect(wrong.json.fieldErrors.code[0]).toMatch(/not valid/)

  const ok = await call(mfaConfirm, '/ajax/account/mfa/setup/confirm', cookie, { code: totp(setup.json.secret, clock) })
  expect(ok.status).toBe(200)
  expect(ok.json.backupCodes).toHaveLength(10)
  expect(new Set(ok.json.backupCodes).size).toBe(10)
  const after = await db.user.findUniqueOrThrow({ where: { id: user.id } })
  expect(after.mfaEnabled).toBe(true)
  expect(after.mfaPendingSecret).toBeNull()
  const stored = await db.mfaBackupCode.findMany({ where: { userId: user.id } })
  expect(stored).toHaveLength(10)
  for (const code of ok.json.backupCodes) expect(stored.some((s) => s.codeHash.includes(code))).toBe(false)
  expect((await call(mfaStatus, '/ajax/account/mfa/status', cookie)).json).toEqual({
    enabled: true,
    requiredByCompany: false,
    backupCodesLeft: 10,
  })
})

test('sign-in with MFA: the password gives a half session that can do nothing else; the code completes it; the same code never works twice', async () => {
  const { user, cookie } = await account()
  const { secret } = await enableMfa(cookie)
  clock += 30_000

  const first = await loginAs(user.email)
  expect(first.status).toBe(200)
  expect(first.json).toEqual({ ok: true, mfaRequired: true, redirect: '/login-mfa' })
  // No session-state cookie: the browser shell is not signed in yet.
  expect(first.res.headers.getSetCookie().some((c) => c.startsWith(`${SESSION_STATE_COOKIE}=`))).toBe(false)
  const half = cookieFrom(first.res)
  expect((await call(authorization, '/ajax/authorization', half)).status).toBe(401)
  expect((await call(sessions, '/ajax/account/sessions', half)).status).toBe(401)
  // A half session of the "verify" kind cannot start a new MFA setup either.
  expect((await call(mfaSetup, '/ajax/account/mfa/setup', half, {})).status).toBe(401)

  const code = totp(secret, clock)
  const done = await call(mfaVerify, '/ajax/account/mfa/verify', half, { code })
  expect(done.status).toBe(200)
  expect(done.json.redirect).toBe('/dashboard')
  const full = cookieFrom(done.res)
  expect((await call(authorization, '/ajax/authorization', full)).json.email).toBe(user.email)
  // The half session's id never became a full session; it is over.
  expect((await call(mfaVerify, '/ajax/account/mfa/verify', half, { code: totp(secret, clock + 30_000) })).status).toBe(
    401,
  )

  // Same code, same step, a new sign-in: refused (a code works once).
  const again = await loginAs(user.email)
  const reuse = await call(mfaVerify, '/ajax/account/mfa/verify', cookieFrom(again.res), { code })
  expect(reuse.status).toBe(400)
  expect(reuse.json.message).toMatch(/not valid/)
  // The next step's code works.
  clock += 30_000
  expect(
    (await call(mfaVerify, '/ajax/account/mfa/verify', cookieFrom(again.res), { code: totp(secret, clock) })).status,
  ).toBe(200)
})

test('5 wrong codes lock the step for 15 minutes, even for the right code; then it works again', async () => {
  const { user, cookie } = await account()
  const { secret } = await enableMfa(cookie)
  clock += 30_000
  const half = cookieFrom((await loginAs(user.email)).res)
  const right = totp(secret, clock)
  const wrong = right === '123456' ? '654321' : '123456'
  for (let i = 0; i < 5; i++)
    expect((await call(mfaVerify, '/ajax/account/mfa/verify', half, { code: wrong })).status).toBe(400)
  const locked = await call(mfaVerify, '/ajax/account/mfa/verify', half, { code: right })
  expect(locked.status).toBe(429)
  expect(locked.json.message).toBe(
    'Too many wrong codes. Two-factor sign-in is locked for 15 minutes; try again later.',
  )
  expect(Number(locked.res.headers.get('retry-after'))).toBeGreaterThan(14 * 60)
  // Backup codes are locked too.
  expect((await call(mfaBackup, '/ajax/account/mfa/verify-backup', half, { code: 'aaaaa-aaaaa' })).status).toBe(429)
  // The lockout is kept in the database: 16 minutes later it has passed.
  const sixteen = 16 * 60 * 1000
  const hits = await db.rateLimitHit.findMany({ where: { bucket: 'mfa-code', key: String(user.id) } })
  for (const h of hits)
    await db.rateLimitHit.update({
      where: { id: h.id },
      data: { createdAt: new Date(h.createdAt.getTime() - sixteen) },
    })
  expect((await call(mfaVerify, '/ajax/account/mfa/verify', half, { code: right })).status).toBe(200)
})

test('backup codes: each signs in once', async () => {
  const { user, cookie } = await account()
  const { backupCodes } = await enableMfa(cookie)
  const half1 = cookieFrom((await loginAs(user.email)).res)
  const used = await call(mfaBackup, '/ajax/account/mfa/verify-backup', half1, { code: backupCodes[0]!.toUpperCase() })
  expect(used.status).toBe(200)
  expect((await call(authorization, '/ajax/authorization', cookieFrom(used.res))).status).toBe(200)
  const half2 = cookieFrom((await loginAs(user.email)).res)
  const reused = await call(mfaBackup, '/ajax/account/mfa/verify-backup', half2, { code: backupCodes[0]! })
  expect(reused.status).toBe(400)
  expect(reused.json.message).toBe('That backup code is not valid or has already been used.')
  expect((await call(mfaBackup, '/ajax/account/mfa/verify-backup', half2, { code: backupCodes[1]! })).status).toBe(200)
  expect((await call(mfaStatus, '/ajax/account/mfa/status', cookie)).json.backupCodesLeft).toBe(8)
})

test('an owner requires MFA for everyone: members without it set it up at sign-in before anything else', async () => {
  const { company, user: owner, cookie: ownerCookie } = await account('owner')
  const admin = await makeUser({ companyId: company.id, role: 'admin', password: 'correct-horse' })
  const analyst = await makeUser({ companyId: company.id, role: 'analyst', password: 'correct-horse' })
  const adminCookie = await signIn(admin.id, company.id)
  const analystCookie = await signIn(analyst.id, company.id)

  expect((await call(getToggle, '/ajax/account/multi-factor/toggle', ownerCookie)).json).toEqual({
    twoStepRequired: false,
  })
  expect((await call(getToggle, '/ajax/account/multi-factor/toggle', analystCookie)).status).toBe(403)
  expect(
    (await call(postToggle, '/ajax/account/multi-factor/toggle', analystCookie, { two_step_required: true })).status,
  ).toBe(403)
  expect(
    (await call(postToggle, '/ajax/account/multi-factor/toggle', adminCookie, { two_step_required: true })).status,
  ).toBe(403)
  // The owner turns it on for themselves first.
  const notYet = await call(postToggle, '/ajax/account/multi-factor/toggle', ownerCookie, { two_step_required: true })
  expect(notYet.status).toBe(400)
  expect(notYet.json.message).toMatch(/Turn on two-factor sign-in for yourself/)
  expect((await db.company.findUniqueOrThrow({ where: { id: company.id } })).mfaRequired).toBe(false)
  expect(
    (await call(postToggle, '/ajax/account/multi-factor/toggle', ownerCookie, { two_step_required: 'maybe' })).status,
  ).toBe(400)

  await enableMfa(ownerCookie)
  const on = await call(postToggle, '/ajax/account/multi-factor/toggle', ownerCookie, { two_step_required: true })
  expect(on.status).toBe(200)
  expect(on.json).toEqual({ twoStepRequired: true })
  expect((await call(appShell, '/ajax/app_shell', ownerCookie)).json.companySettingRelatedData.isMfaRequired).toBe(true)
  expect(
    await db.auditEntry.count({ where: { companyId: company.id, action: 'company.mfa_requirement_changed' } }),
  ).toBe(1)

  // The analyst signs in: password first, then /configure-mfa, nothing else.
  const first = await loginAs(analyst.email)
  expect(first.json).toEqual({ ok: true, mfaRequired: true, redirect: '/configure-mfa' })
  const half = cookieFrom(first.res)
  expect((await call(authorization, '/ajax/authorization', half)).status).toBe(401)
  expect((await call(mfaVerify, '/ajax/account/mfa/verify', half, { code: '123456' })).status).toBe(401)
  const setup = await call(mfaSetup, '/ajax/account/mfa/setup', half, {})
  expect(setup.status).toBe(200)
  const confirmed = await call(mfaConfirm, '/ajax/account/mfa/setup/confirm', half, {
    code: totp(setup.json.secret, clock),
  })
  expect(confirmed.status).toBe(200)
  expect(confirmed.json.signedIn).toBe(true)
  expect(confirmed.json.backupCodes).toHaveLength(10)
  expect((await call(authorization, '/ajax/authorization', cookieFrom(confirmed.res))).json.email).toBe(analyst.email)
  // Turning it off is refused while the account requires it.
  const off = await call(mfaDisable, '/ajax/account/mfa/disable', ownerCookie, { password: 'correct-horse' })
  expect(off.status).toBe(400)
  expect(off.json.message).toBe('Your account requires two-factor sign-in, so it cannot be turned off.')
  expect(owner.id).toBeGreaterThan(0)
})

test('the requirement is per account: another account is untouched', async () => {
  const a = await account('owner')
  const b = await account('owner')
  await enableMfa(a.cookie)
  expect(
    (await call(postToggle, '/ajax/account/multi-factor/toggle', a.cookie, { two_step_required: true })).status,
  ).toBe(200)
  expect((await db.company.findUniqueOrThrow({ where: { id: b.company.id } })).mfaRequired).toBe(false)
  expect((await loginAs(b.user.email)).json).toEqual({ ok: true, redirect: '/dashboard' })
})

test('turning MFA off needs the password; afterwards sign-in is one step again', async () => {
  const { user, cookie } = await account()
  await enableMfa(cookie)
  const wrong = await call(mfaDisable, '/ajax/account/mfa/disable', cookie, { password: 'nope-nope' })
  expect(wrong.status).toBe(400)
  expect(wrong.json.fieldErrors.password).toEqual(['The password is incorrect.'])
  expect((await call(mfaDisable, '/ajax/account/mfa/disable', cookie, { password: 'correct-horse' })).status).toBe(200)
  expect(await db.mfaBackupCode.count({ where: { userId: user.id } })).toBe(0)
  expect((await loginAs(user.email)).json).toEqual({ ok: true, redirect: '/dashboard' })
})

test('every MFA call refuses a visitor without a session, and the half session expires after 10 minutes', async () => {
  const anon = `${CSRF_COOKIE}=${CSRF}`
  for (const [h, path, body] of [
    [mfaStatus, '/ajax/account/mfa/status', undefined],
    [mfaSetup, '/ajax/account/mfa/setup', {}],
    [mfaConfirm, '/ajax/account/mfa/setup/confirm', { code: '123456' }],
    [mfaVerify, '/ajax/account/mfa/verify', { code: '123456' }],
    [mfaBackup, '/ajax/account/mfa/verify-backup', { code: 'aaaaa-aaaaa' }],
    [mfaDisable, '/ajax/account/mfa/disable', { password: 'x' }],
    [getToggle, '/ajax/account/multi-factor/toggle', undefined],
    [postToggle, '/ajax/account/multi-factor/toggle', { two_step_required: true }],
  ] as Array<[Handler, string, unknown]>) {
    expect([path, (await call(h, path, anon, body)).status]).toEqual([path, 401])
  }
  const { user, cookie } = await account()
  const { secret } = await enableMfa(cookie)
  const half = cookieFrom((await loginAs(user.email)).res)
  clock += 11 * 60 * 1000
  expect((await call(mfaVerify, '/ajax/account/mfa/verify', half, { code: totp(secret, clock) })).status).toBe(401)
})
