/** @jest-environment node */
// Personal and security settings (issue 12 §2, §5): change-password ends the other sessions,
// the sessions list and sign-out (never another user's session), change-profile, language and
// region, email change by a mailed link (once, expiring), the sign-up confirmation resent, the
// profile photo, and a 401 for every call without a session.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(30_000)

import { db } from '@/lib/db/client'
import { ajaxRequest, CSRF, makeCompany, makeUser, signIn, params } from '../helpers/factory'
import { CSRF_COOKIE, SESSION_COOKIE } from '@/lib/auth/config'
import { createSession, sealSessionId } from '@/lib/auth/session'
import { confirmEmail } from '@/lib/auth/email-confirmation'
import { POST as login } from '@/app/ajax/login/route'
import { GET as authorization } from '@/app/ajax/authorization/route'
import { POST as changePassword } from '@/app/ajax/account/change-password/route'
import { POST as changeProfile } from '@/app/ajax/account/change-profile/route'
import { POST as profileLocale } from '@/app/ajax/account/profile-locale/route'
import { GET as profileLocales } from '@/app/ajax/account/available-profile-locales/route'
import { GET as personal } from '@/app/ajax/account/personal/route'
import { POST as emailChange } from '@/app/ajax/account/email-change/route'
import { POST as emailChangeConfirm } from '@/app/ajax/account/email-change/confirm/route'
import { POST as resendConfirmation } from '@/app/ajax/account/email-confirmation/resend/route'
import { POST as uploadPhoto, DELETE as deletePhoto } from '@/app/ajax/account/photo/route'
import { GET as getPhoto } from '@/app/ajax/account/photo/[userId]/[version]/route'
import { GET as sessions } from '@/app/ajax/account/sessions/route'
import { POST as revoke } from '@/app/ajax/account/sessions/revoke/route'
import { POST as revokeOthers } from '@/app/ajax/account/sessions/revoke-others/route'

const photoDir = fs.mkdtempSync(path.join(os.tmpdir(), 'photos-'))
process.env.PHOTO_DIR = photoDir
afterAll(() => fs.rmSync(photoDir, { recursive: true, force: true }))

let info: jest.SpyInstance
beforeEach(() => {
  info = jest.spyOn(console, 'info').mockImplementation(() => {})
})
afterEach(() => info.mockRestore())

type Handler = (r: Request, c?: { params: Promise<Record<string, string>> }) => Promise<Response>
async function call(handler: Handler, p: string, cookie: string | undefined, body?: unknown) {
  const res = await handler(ajaxRequest(p, { method: body === undefined ? 'GET' : 'POST', cookie, body }))
  return { status: res.status, json: await res.json(), res }
}
const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36'
const FIREFOX_WIN = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0'

async function sessionCookie(userId: number, companyId: number, ip: string, userAgent: string) {
  const s = await createSession({ userId, companyId, ip, userAgent })
  return {
    id: s.id,
    cookie: `${SESSION_COOKIE}=${encodeURIComponent(await sealSessionId(s.id))}; ${CSRF_COOKIE}=${CSRF}`,
  }
}

async function account(role = 'owner') {
  const company = await makeCompany()
  const user = await makeUser({ companyId: company.id, role, password: 'correct-horse' })
  return { company, user, cookie: await signIn(user.id, company.id) }
}

test('change-password: wrong old password and mismatches refused; success ends the other sessions and keeps this one', async () => {
  const { company, user } = await account()
  const here = await sessionCookie(user.id, company.id, '10.0.0.1', CHROME_MAC)
  const there = await sessionCookie(user.id, company.id, '10.0.0.2', FIREFOX_WIN)
  const someoneElse = await account()

  const wrong = await call(changePassword, '/ajax/account/change-password', here.cookie, {
    old_password: 'nope',
    new_password1: 'new-password-1',
    new_password2: 'new-password-1',
  })
  expect(wrong.status).toBe(400)
  expect(wrong.json.fieldErrors.oldPassword).toEqual(['Your current password is incorrect.'])
  const differ = await call(changePassword, '/ajax/account/change-password', here.cookie, {
    old_password: 'correct-horse',
    new_password1: 'new-password-1',
    new_password2: 'new-password-2',
  })
  expect(differ.status).toBe(400)
  expect(differ.json.fieldErrors.newPassword2).toEqual(['The two new passwords do not match.'])
  const short = await call(changePassword, '/ajax/account/change-password', here.cookie, {
    old_password: 'correct-horse',
    new_password1: 'short',
    new_password2: 'short',
  })
  expect(short.status).toBe(400)
  expect(short.json.fieldErrors.newPassword1).toBeDefined()
  // Nothing changed so far: the other session still works.
  expect((await call(authorization, '/ajax/authorization', there.cookie)).status).toBe(200)

  const ok = await call(changePassword, '/ajax/account/change-password', here.cookie, {
    old_password: 'correct-horse',
    new_password1: 'new-password-1',
    new_password2: 'new-password-1',
  })
  expect(ok.status).toBe(200)
  expect(ok.json.otherSessionsEnded).toBeGreaterThanOrEqual(1)
  expect((await call(authorization, '/ajax/authorization', here.cookie)).status).toBe(200)
  expect((await call(authorization, '/ajax/authorization', there.cookie)).status).toBe(401)
  // Another user's sessions are untouched.
  expect((await call(authorization, '/ajax/authorization', someoneElse.cookie)).status).toBe(200)
  const csrf = `${CSRF_COOKIE}=${CSRF}`
  expect((await call(login, '/ajax/login', csrf, { email: user.email, password: 'correct-horse' })).status).toBe(401)
  expect((await call(login, '/ajax/login', csrf, { email: user.email, password: 'new-password-1' })).status).toBe(200)
})

test("sessions: listed with device, address and last use; sign out one and all others; never another user's session", async () => {
  const { company, user } = await account()
  const here = await sessionCookie(user.id, company.id, '10.0.0.1', CHROME_MAC)
  const phone = await sessionCookie(
    user.id,
    company.id,
    '10.0.0.9',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1',
  )
  const laptop = await sessionCookie(user.id, company.id, '10.0.0.2', FIREFOX_WIN)
  const other = await account()

  const list = await call(sessions, '/ajax/account/sessions', here.cookie)
  expect(list.status).toBe(200)
  const mine = list.json.sessions as Array<{
    id: string
    current: boolean
    ip: string
    browser: string
    os: string
    mobile: boolean
    lastSeenAt: string
  }>
  expect(mine.find((s) => s.current)).toMatchObject({
    id: here.id,
    ip: '10.0.0.1',
    browser: 'Chrome',
    os: 'macOS',
    mobile: false,
  })
  expect(mine.find((s) => s.id === phone.id)).toMatchObject({ browser: 'Safari', os: 'iOS', mobile: true })
  expect(mine.find((s) => s.id === laptop.id)).toMatchObject({ browser: 'Firefox', os: 'Windows' })
  expect(typeof mine[0]!.lastSeenAt).toBe('string')
  // Only my own sessions.
  const otherSessions = await db.session.findMany({ where: { userId: other.user.id } })
  expect(mine.some((s) => otherSessions.some((o) => o.id === s.id))).toBe(false)

  // Another user's session id: not found, and it stays signed in.
  const cross = await call(revoke, '/ajax/account/sessions/revoke', here.cookie, { id: otherSessions[0]!.id })
  expect(cross.status).toBe(404)
  expect((await call(authorization, '/ajax/authorization', other.cookie)).status).toBe(200)
  expect((await call(revoke, '/ajax/account/sessions/revoke', here.cookie, { id: here.id })).status).toBe(400)
  expect((await call(revoke, '/ajax/account/sessions/revoke', here.cookie, {})).status).toBe(400)

  expect((await call(revoke, '/ajax/account/sessions/revoke', here.cookie, { id: phone.id })).status).toBe(200)
  expect((await call(authorization, '/ajax/authorization', phone.cookie)).status).toBe(401)
  expect((await call(revoke, '/ajax/account/sessions/revoke', here.cookie, { id: phone.id })).status).toBe(404)

  const all = await call(revokeOthers, '/ajax/account/sessions/revoke-others', here.cookie, {})
  expect(all.status).toBe(200)
  expect((await call(authorization, '/ajax/authorization', laptop.cookie)).status).toBe(401)
  expect((await call(authorization, '/ajax/authorization', here.cookie)).status).toBe(200)
  expect((await call(authorization, '/ajax/authorization', other.cookie)).status).toBe(200)
  expect((await call(sessions, '/ajax/account/sessions', here.cookie)).json.sessions).toHaveLength(1)
})

test('change-profile, language and region: saved for me only; bad values are 400 with field errors', async () => {
  const { user, cookie } = await account('analyst')
  const empty = await call(changeProfile, '/ajax/account/change-profile', cookie, { first_name: ' ', last_name: 'X' })
  expect(empty.status).toBe(400)
  expect(empty.json.fieldErrors.firstName).toBeDefined()
  expect(
    (await call(changeProfile, '/ajax/account/change-profile', cookie, { first_name: 'Grace', last_name: 'Hopper' }))
      .json,
  ).toEqual({ firstName: 'Grace', lastName: 'Hopper' })
  expect((await call(authorization, '/ajax/authorization', cookie)).json).toMatchObject({
    firstName: 'Grace',
    lastName: 'Hopper',
  })

  const options = await call(profileLocales, '/ajax/account/available-profile-locales', cookie)
  expect(options.json.locales).toHaveLength(16)
  expect(options.json.locales).toContainEqual({ code: 'de-DE', name: expect.any(String) })
  expect(options.json.regions.some((r: { code: string }) => r.code === 'GB')).toBe(true)

  const bad = await call(profileLocale, '/ajax/account/profile-locale', cookie, { locale: 'xx-XX', region: 'QQ' })
  expect(bad.status).toBe(400)
  expect(Object.keys(bad.json.fieldErrors).sort()).toEqual(['locale', 'region'])
  expect(
    (await call(profileLocale, '/ajax/account/profile-locale', cookie, { locale: 'de-DE', region: 'AT' })).json,
  ).toEqual({ locale: 'de-DE', region: 'AT' })
  expect(await db.user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({
    locale: 'de-DE',
    localeRegion: 'AT',
  })
  expect((await call(personal, '/ajax/account/personal', cookie)).json).toMatchObject({
    firstName: 'Grace',
    locale: 'de-DE',
    region: 'AT',
    email: user.email,
  })
})

const CHANGE_LINK = /http:\/\/localhost:3000\/email-change-confirmation\?token=([A-Za-z0-9_-]+)/

test('email change: the link goes to the new address and works once; a same or invalid address is refused', async () => {
  const { user, cookie } = await account()
  const taken = await makeUser({ email: 'taken@example.test' })
  const req = (email: string, password = 'correct-horse') =>
    call(emailChange, '/ajax/account/email-change', cookie, { email, password })
  expect((await req('not-an-email')).json.fieldErrors.email).toBeDefined()
  // A taken address answers as a free one (issue 29, finding 13; security-sessions-mfa.test.ts).
  expect((await req('taken@example.test')).json).toEqual({ pendingEmail: 'taken@example.test' })
  expect((await req(user.email)).status).toBe(400)
  expect((await req('new@example.test', 'wrong-password')).json.fieldErrors.password).toBeDefined()

  const asked = await req('New@Example.test')
  expect(asked.status).toBe(200)
  expect(asked.json).toEqual({ pendingEmail: 'new@example.test' })
  expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).email).toBe(user.email)
  const mail = await db.outboxMail.findFirstOrThrow({ where: { to: 'new@example.test' } })
  const token = mail.text.match(CHANGE_LINK)![1]!
  expect((await call(personal, '/ajax/account/personal', cookie)).json.pendingEmail).toBe('new@example.test')

  const anon = `${CSRF_COOKIE}=${CSRF}`
  expect(
    (
      await call(emailChangeConfirm, '/ajax/account/email-change/confirm', anon, {
        token: token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A'),
      })
    ).status,
  ).toBe(400)
  const ok = await call(emailChangeConfirm, '/ajax/account/email-change/confirm', anon, { token })
  expect(ok.status).toBe(200)
  expect(ok.json).toEqual({ email: 'new@example.test' })
  expect(await db.user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({
    email: 'new@example.test',
    emailConfirmed: true,
  })
  const reused = await call(emailChangeConfirm, '/ajax/account/email-change/confirm', anon, { token })
  expect(reused.status).toBe(400)
  expect(reused.json.message).toBe('This email change link is invalid, has expired or has already been used.')
  expect(taken.id).toBeGreaterThan(0)
})

test('email change: an expired link, or one replaced by a newer request, does nothing', async () => {
  const { user, cookie } = await account()
  await call(emailChange, '/ajax/account/email-change', cookie, {
    email: 'first@example.test',
    password: 'correct-horse',
  })
  const first = (await db.outboxMail.findFirstOrThrow({ where: { to: 'first@example.test' } })).text.match(
    CHANGE_LINK,
  )![1]!
  await call(emailChange, '/ajax/account/email-change', cookie, {
    email: 'second@example.test',
    password: 'correct-horse',
  })
  const second = (await db.outboxMail.findFirstOrThrow({ where: { to: 'second@example.test' } })).text.match(
    CHANGE_LINK,
  )![1]!
  const anon = `${CSRF_COOKIE}=${CSRF}`
  expect((await call(emailChangeConfirm, '/ajax/account/email-change/confirm', anon, { token: first })).status).toBe(
    400,
  )
  await db.emailChangeRequest.updateMany({
    where: { userId: user.id },
    data: { expiresAt: new Date(Date.now() - 1000) },
  })
  expect((await call(emailChangeConfirm, '/ajax/account/email-change/confirm', anon, { token: second })).status).toBe(
    400,
  )
  expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).email).toBe(user.email)
})

test('/email-confirmation: an unconfirmed user gets the sign-up link again and confirming flips isEmailConfirmed', async () => {
  const company = await makeCompany()
  const user = await makeUser({ companyId: company.id })
  await db.user.update({ where: { id: user.id }, data: { emailConfirmed: false } })
  const cookie = await signIn(user.id, company.id)
  expect((await call(authorization, '/ajax/authorization', cookie)).json.isEmailConfirmed).toBe(false)
  const sent = await call(resendConfirmation, '/ajax/account/email-confirmation/resend', cookie, {})
  expect(sent.status).toBe(200)
  const mail = await db.outboxMail.findFirstOrThrow({ where: { to: user.email }, orderBy: { id: 'desc' } })
  const [, uid, token] = mail.text.match(/\/account\/confirm-email\/([\w-]+)\/([\w.-]+)/)!
  expect(await confirmEmail(uid!, token!)).toBe(true)
  expect((await call(authorization, '/ajax/authorization', cookie)).json.isEmailConfirmed).toBe(true)
  const again = await call(resendConfirmation, '/ajax/account/email-confirmation/resend', cookie, {})
  expect(again.status).toBe(400)
  expect(again.json.message).toBe('Your email address is already confirmed.')
})

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
)
function upload(cookie: string, bytes: Buffer, name = 'me.png', type = 'image/png') {
  const form = new FormData()
  form.append('photo', new Blob([new Uint8Array(bytes)], { type }), name)
  return uploadPhoto(
    new Request('http://localhost:3000/ajax/account/photo', {
      method: 'POST',
      headers: { cookie, 'x-csrftoken': CSRF },
      body: form,
    }),
  )
}

test('photo: a small image is stored and served from our origin; other files and large ones are refused', async () => {
  const { user, cookie } = await account()
  const notImage = await upload(cookie, Buffer.from('<script>alert(1)</script>'), 'x.png', 'image/png')
  expect(notImage.status).toBe(400)
  expect((await notImage.json()).message).toBe('Upload a PNG, JPEG, GIF or WebP image.')
  const big = await upload(cookie, Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]))
  expect(big.status).toBe(400)
  expect((await big.json()).message).toBe('The image is larger than 1 MB.')

  const ok = await upload(cookie, PNG)
  expect(ok.status).toBe(200)
  const { photoUrl } = await ok.json()
  expect(photoUrl).toMatch(new RegExp(`^/ajax/account/photo/${user.id}/[a-z0-9]+$`))
  expect((await call(authorization, '/ajax/authorization', cookie)).status).toBe(200)
  const [, , , , id, version] = photoUrl.split('/')
  const served = await getPhoto(ajaxRequest(photoUrl, { cookie }), params({ userId: id!, version: version! }))
  expect(served.status).toBe(200)
  expect(served.headers.get('content-type')).toBe('image/png')
  expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true)
  // Signed-out visitors do not get it, nor does a user of another account; a colleague does.
  expect((await getPhoto(ajaxRequest(photoUrl), params({ userId: id!, version: version! }))).status).toBe(401)
  const stranger = await account()
  expect(
    (await getPhoto(ajaxRequest(photoUrl, { cookie: stranger.cookie }), params({ userId: id!, version: version! })))
      .status,
  ).toBe(404)
  const colleague = await makeUser({
    companyId: (await db.membership.findFirstOrThrow({ where: { userId: user.id } })).companyId,
    role: 'analyst',
  })
  const colleagueCookie = await signIn(
    colleague.id,
    (await db.membership.findFirstOrThrow({ where: { userId: user.id } })).companyId,
  )
  expect(
    (await getPhoto(ajaxRequest(photoUrl, { cookie: colleagueCookie }), params({ userId: id!, version: version! })))
      .status,
  ).toBe(200)

  const del = await deletePhoto(ajaxRequest('/ajax/account/photo', { method: 'DELETE', cookie }))
  expect(del.status).toBe(200)
  expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).photoUrl).toBeNull()
  expect((await getPhoto(ajaxRequest(photoUrl, { cookie }), params({ userId: id!, version: version! }))).status).toBe(
    404,
  )
})

test('every personal and session call refuses a visitor without a session, and mutating calls need CSRF', async () => {
  const anon = `${CSRF_COOKIE}=${CSRF}`
  for (const [h, p, body] of [
    [changePassword, '/ajax/account/change-password', { old_password: 'a', new_password1: 'b', new_password2: 'b' }],
    [changeProfile, '/ajax/account/change-profile', { first_name: 'a', last_name: 'b' }],
    [profileLocale, '/ajax/account/profile-locale', { locale: 'en-US', region: 'US' }],
    [profileLocales, '/ajax/account/available-profile-locales', undefined],
    [personal, '/ajax/account/personal', undefined],
    [emailChange, '/ajax/account/email-change', { email: 'a@b.test', password: 'x' }],
    [resendConfirmation, '/ajax/account/email-confirmation/resend', {}],
    [sessions, '/ajax/account/sessions', undefined],
    [revoke, '/ajax/account/sessions/revoke', { id: 'x' }],
    [revokeOthers, '/ajax/account/sessions/revoke-others', {}],
  ] as Array<[Handler, string, unknown]>) {
    expect([p, (await call(h, p, anon, body)).status]).toEqual([p, 401])
  }
  const { cookie } = await account()
  const noCsrf = await revokeOthers(
    ajaxRequest('/ajax/account/sessions/revoke-others', {
      method: 'POST',
      cookie,
      body: {},
      csrf: false,
      headers: { cookie },
    }),
  )
  expect(noCsrf.status).toBe(403)
})
