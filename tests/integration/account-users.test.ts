/** @jest-environment node */
// The account's users, roles and invitations (seed 002 §7.11): users get/create/modify/delete,
// get-role-list, resend-invites, is_app_role_change_allowed, and the invitation link
// (/account/create-password/{uid}/{token}): expiry, single use, new and existing users.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
// The first calls compile the routes and hash passwords (scrypt) on a shared 2-core machine.
jest.setTimeout(30_000)

import { db } from '@/lib/db/client'
import { ajaxRequest, makeCompany, makeUser, signIn } from '../helpers/factory'
import { GET as getUsers, POST as postGetUsers } from '@/app/ajax/account/users/get/route'
import { POST as createUser } from '@/app/ajax/account/users/create/route'
import { POST as modifyUser } from '@/app/ajax/account/users/modify/route'
import { POST as deleteUser } from '@/app/ajax/account/users/delete/route'
import { GET as roleList } from '@/app/ajax/account/users/get-role-list/route'
import { POST as resendInvites } from '@/app/ajax/account/users/resend-invites/route'
import { GET as roleChangeAllowed } from '@/app/ajax/account/users/is_app_role_change_allowed/route'
import { POST as createPassword } from '@/app/ajax/account/create-password/route'
import { POST as acceptInvitation } from '@/app/ajax/account/accept-invitation/route'
import { GET as authorization } from '@/app/ajax/authorization/route'
import { POST as login } from '@/app/ajax/login/route'
import { SESSION_COOKIE, CSRF_COOKIE } from '@/lib/auth/config'
import { CSRF } from '../helpers/factory'

let info: jest.SpyInstance
beforeEach(() => {
  info = jest.spyOn(console, 'info').mockImplementation(() => {})
})
afterEach(() => info.mockRestore())

const LINK = /http:\/\/localhost:3000\/account\/create-password\/([A-Za-z0-9_-]+)\/([A-Za-z0-9_-]+)/

async function call(
  handler: (r: Request) => Promise<Response>,
  path: string,
  cookie: string | undefined,
  body?: unknown,
) {
  const res = await handler(ajaxRequest(path, { method: body === undefined ? 'GET' : 'POST', cookie, body }))
  return { status: res.status, json: await res.json(), res }
}
const invite = (cookie: string, email: string, role: string) =>
  call(createUser, '/ajax/account/users/create', cookie, { email, role })
const modify = (cookie: string, email: string, role: string) =>
  call(modifyUser, '/ajax/account/users/modify', cookie, { email, role })
const remove = (cookie: string, email: string) => call(deleteUser, '/ajax/account/users/delete', cookie, { email })
const list = async (cookie: string) => (await call(getUsers, '/ajax/account/users/get', cookie)).json

async function linkFor(email: string) {
  const mail = await db.outboxMail.findFirstOrThrow({ where: { to: email }, orderBy: { id: 'desc' } })
  const [, uid, token] = mail.text.match(LINK)!
  return { uid: uid!, token: token!, mail }
}

/** The Cookie header from a response's Set-Cookie (session and CSRF). */
function cookieFrom(res: Response): string {
  const sealed = res.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${SESSION_COOKIE}=`))!
    .split(';')[0]
  return `${sealed}; ${CSRF_COOKIE}=${CSRF}`
}

async function account() {
  const c = await makeCompany()
  const owner = await makeUser({ companyId: c.id, role: 'owner' })
  return { company: c, owner, ownerCookie: await signIn(owner.id, c.id) }
}

test('invite a new user: mail in the outbox, invited row, link sets name and password and signs in with the role', async () => {
  const { company, ownerCookie } = await account()
  const r = await invite(ownerCookie, ' New.Person@Example.test ', 'analyst')
  expect(r.status).toBe(201)
  expect(r.json.user).toMatchObject({ email: 'new.person@example.test', role: 'analyst', status: 'invited' })

  const { uid, token, mail } = await linkFor('new.person@example.test')
  expect(mail.subject).toContain(company.name)
  expect(mail.text).toContain('7')
  // Only the token's hash is stored; it expires in 7 days.
  const row = await db.invitation.findFirstOrThrow({
    where: { companyId: company.id, email: 'new.person@example.test' },
  })
  expect(row.tokenHash).not.toContain(token)
  expect(row.expiresAt.getTime() - row.sentAt.getTime()).toBe(7 * 86_400_000)

  const users = await list(ownerCookie)
  expect(users.users.find((u: { email: string }) => u.email === 'new.person@example.test')).toMatchObject({
    status: 'invited',
    role: 'analyst',
    invitationExpired: false,
  })

  const mismatch = await call(createPassword, '/ajax/account/create-password', undefined, {
    uid,
    token,
    firstName: 'Nina',
    lastName: 'New',
    password1: 'long-password',
    password2: 'other-password',
  })
  expect(mismatch.status).toBe(400)
  expect(mismatch.json.fieldErrors.password2).toBeDefined()

  const done = await call(createPassword, '/ajax/account/create-password', undefined, {
    uid,
    token,
    firstName: 'Nina',
    lastName: 'New',
    password1: 'long-password',
    password2: 'long-password',
  })
  expect(done.status).toBe(201)
  const auth = await (await authorization(ajaxRequest('/ajax/authorization', { cookie: cookieFrom(done.res) }))).json()
  expect(auth).toMatchObject({
    company: company.id,
    role: 'analyst',
    email: 'new.person@example.test',
    firstName: 'Nina',
    isEmailConfirmed: true,
  })

  const after = await list(ownerCookie)
  expect(after.users.filter((u: { email: string }) => u.email === 'new.person@example.test')).toEqual([
    expect.objectContaining({ status: 'active', role: 'analyst' }),
  ])

  // The link works once.
  const again = await call(createPassword, '/ajax/account/create-password', undefined, {
    uid,
    token,
    firstName: 'X',
    lastName: 'Y',
    password1: 'long-password',
    password2: 'long-password',
  })
  expect(again.status).toBe(400)
  expect(again.json.error).toBe('invalid_token')
  // And the new login works.
  expect(
    (
      await login(
        ajaxRequest('/ajax/login', {
          method: 'POST',
          body: { email: 'new.person@example.test', password: 'long-password' },
        }),
      )
    ).status,
  ).toBe(200)
})

test('an expired link is refused and creates nothing', async () => {
  const { company, ownerCookie } = await account()
  await invite(ownerCookie, 'late@example.test', 'support')
  const { uid, token } = await linkFor('late@example.test')
  await db.invitation.updateMany({
    where: { companyId: company.id, email: 'late@example.test' },
    data: { expiresAt: new Date(Date.now() - 1000) },
  })
  const r = await call(createPassword, '/ajax/account/create-password', undefined, {
    uid,
    token,
    firstName: 'L',
    lastName: 'Ate',
    password1: 'long-password',
    password2: 'long-password',
  })
  expect(r.status).toBe(400)
  expect(r.json.error).toBe('invalid_token')
  expect(await db.user.count({ where: { email: 'late@example.test' } })).toBe(0)
  // The list says it expired; resending gives a new link that works, and the old one stays dead.
  expect(
    (await list(ownerCookie)).users.find((u: { email: string }) => u.email === 'late@example.test').invitationExpired,
  ).toBe(true)
  const resent = await call(resendInvites, '/ajax/account/users/resend-invites', ownerCookie, {
    emails: ['late@example.test'],
  })
  expect(resent.status).toBe(200)
  const fresh = await linkFor('late@example.test')
  expect(fresh.token).not.toBe(token)
  expect(
    (
      await call(createPassword, '/ajax/account/create-password', undefined, {
        uid,
        token,
        firstName: 'L',
        lastName: 'Ate',
        password1: 'long-password',
        password2: 'long-password',
      })
    ).status,
  ).toBe(400)
  expect(
    (
      await call(createPassword, '/ajax/account/create-password', undefined, {
        uid: fresh.uid,
        token: fresh.token,
        firstName: 'L',
        lastName: 'Ate',
        password1: 'long-password',
        password2: 'long-password',
      })
    ).status,
  ).toBe(201)
})

test('a tampered uid or token is refused', async () => {
  const { ownerCookie } = await account()
  await invite(ownerCookie, 'tamper@example.test', 'support')
  const { uid, token } = await linkFor('tamper@example.test')
  const body = { firstName: 'T', lastName: 'T', password1: 'long-password', password2: 'long-password' }
  expect(
    (
      await call(createPassword, '/ajax/account/create-password', undefined, {
        ...body,
        uid,
        token: token.slice(0, -2) + 'xx',
      })
    ).status,
  ).toBe(400)
  expect(
    (await call(createPassword, '/ajax/account/create-password', undefined, { ...body, uid: 'OTk5OTk', token })).status,
  ).toBe(400)
})

test('an existing login accepts the invitation: with its password when signed out, once', async () => {
  const { company, ownerCookie } = await account()
  const other = await makeCompany()
  const existing = await makeUser({
    email: 'has-login@example.test',
    password: 'their-password',
    companyId: other.id,
    role: 'owner',
  })
  expect((await invite(ownerCookie, 'has-login@example.test', 'manager')).status).toBe(201)
  const { uid, token } = await linkFor('has-login@example.test')

  // No account is created from the new-user form for an address that has a login.
  const form = await call(createPassword, '/ajax/account/create-password', undefined, {
    uid,
    token,
    firstName: 'H',
    lastName: 'L',
    password1: 'long-password',
    password2: 'long-password',
  })
  expect(form.status).toBe(409)
  expect(form.json.error).toBe('account_exists')

  const wrong = await call(acceptInvitation, '/ajax/account/accept-invitation', undefined, {
    uid,
    token,
    password: 'nope-nope',
  })
  expect(wrong.status).toBe(400)
  expect(wrong.json.fieldErrors.password).toBeDefined()

  // Signed in as somebody else: refused.
  const stranger = await makeUser({ companyId: other.id, role: 'analyst' })
  const asStranger = await call(
    acceptInvitation,
    '/ajax/account/accept-invitation',
    await signIn(stranger.id, other.id),
    { uid, token },
  )
  expect(asStranger.status).toBe(403)

  const ok = await call(acceptInvitation, '/ajax/account/accept-invitation', undefined, {
    uid,
    token,
    password: 'their-password',
  })
  expect(ok.status).toBe(200)
  const auth = await (await authorization(ajaxRequest('/ajax/authorization', { cookie: cookieFrom(ok.res) }))).json()
  expect(auth).toMatchObject({ company: company.id, role: 'manager' })
  expect(await db.membership.count({ where: { userId: existing.id } })).toBe(2)

  const reused = await call(acceptInvitation, '/ajax/account/accept-invitation', undefined, {
    uid,
    token,
    password: 'their-password',
  })
  expect(reused.status).toBe(400)
  expect(reused.json.error).toBe('invalid_token')
})

test('a signed-in existing user accepts and the session moves to the new account', async () => {
  const { company, ownerCookie } = await account()
  const other = await makeCompany()
  const u = await makeUser({ email: 'signed-in@example.test', companyId: other.id, role: 'owner' })
  await invite(ownerCookie, 'signed-in@example.test', 'content_creator')
  const { uid, token } = await linkFor('signed-in@example.test')
  const cookie = await signIn(u.id, other.id)
  const r = await call(acceptInvitation, '/ajax/account/accept-invitation', cookie, { uid, token })
  expect(r.status).toBe(200)
  const auth = await (await authorization(ajaxRequest('/ajax/authorization', { cookie }))).json()
  expect(auth).toMatchObject({ company: company.id, role: 'content_creator' })
})

test('invite: existing member, pending invitation, invalid email, unknown role → 400 with a field error', async () => {
  const { company, ownerCookie } = await account()
  const member = await makeUser({ companyId: company.id, role: 'analyst' })
  const dup = await invite(ownerCookie, member.email.toUpperCase(), 'manager')
  expect(dup.status).toBe(400)
  expect(dup.json.fieldErrors.email).toEqual(['This person is already a user of this account.'])

  expect((await invite(ownerCookie, 'twice@example.test', 'analyst')).status).toBe(201)
  const twice = await invite(ownerCookie, 'twice@example.test', 'analyst')
  expect(twice.status).toBe(400)
  expect(twice.json.fieldErrors.email[0]).toMatch(/already been invited/)

  const bad = await invite(ownerCookie, 'not-an-email', 'analyst')
  expect(bad.status).toBe(400)
  expect(bad.json.fieldErrors.email).toBeDefined()
  const badRole = await invite(ownerCookie, 'someone@example.test', 'emperor')
  expect(badRole.status).toBe(400)
  expect(badRole.json.fieldErrors.role).toBeDefined()
  expect(
    await db.invitation.count({
      where: { companyId: company.id, email: { in: ['not-an-email', 'someone@example.test'] } },
    }),
  ).toBe(0)
})

test('role-edit rules: an admin cannot make, change or remove an owner; owners can', async () => {
  const { company, owner, ownerCookie } = await account()
  const admin = await makeUser({ companyId: company.id, role: 'admin' })
  const adminCookie = await signIn(admin.id, company.id)
  const analyst = await makeUser({ companyId: company.id, role: 'analyst' })

  const makeOwner = await invite(adminCookie, 'would-be-owner@example.test', 'owner')
  expect(makeOwner.status).toBe(403)
  expect(makeOwner.json.fieldErrors.role).toBeDefined()
  expect(await db.invitation.count({ where: { email: 'would-be-owner@example.test' } })).toBe(0)
  expect((await modify(adminCookie, analyst.email, 'owner')).status).toBe(403)
  expect((await modify(adminCookie, owner.email, 'analyst')).status).toBe(403)
  expect((await remove(adminCookie, owner.email)).status).toBe(403)
  expect((await db.membership.findFirstOrThrow({ where: { userId: owner.id, companyId: company.id } })).role).toBe(
    'owner',
  )

  // An admin manages the other roles.
  expect((await modify(adminCookie, analyst.email, 'campaign_coordinator')).status).toBe(200)
  expect((await invite(adminCookie, 'helper@example.test', 'support')).status).toBe(201)
  expect((await modify(adminCookie, 'helper@example.test', 'manager')).status).toBe(200)
  expect(
    (await db.invitation.findFirstOrThrow({ where: { companyId: company.id, email: 'helper@example.test' } })).role,
  ).toBe('manager')

  // The role list and the allowed-check say the same.
  const roles = (await call(roleList, '/ajax/account/users/get-role-list', adminCookie)).json.roles
  expect(roles.map((r: { key: string }) => r.key)).toEqual([
    'owner',
    'admin',
    'manager',
    'analyst',
    'campaign_coordinator',
    'content_creator',
    'support',
  ])
  expect(roles.find((r: { key: string }) => r.key === 'owner').assignable).toBe(false)
  expect(roles.find((r: { key: string }) => r.key === 'admin').assignable).toBe(true)
  const check = await call(
    roleChangeAllowed,
    `/ajax/account/users/is_app_role_change_allowed?email=${encodeURIComponent(owner.email)}&role=analyst`,
    adminCookie,
  )
  expect(check.json).toMatchObject({ isAllowed: false })
  const check2 = await call(
    roleChangeAllowed,
    `/ajax/account/users/is_app_role_change_allowed?email=${encodeURIComponent(analyst.email)}&role=support`,
    adminCookie,
  )
  expect(check2.json).toMatchObject({ isAllowed: true })

  // The owner can make an owner; the list marks what another admin may do (two owners now).
  expect((await modify(ownerCookie, admin.email, 'owner')).status).toBe(200)
  const admin2 = await makeUser({ companyId: company.id, role: 'admin' })
  const seen = await list(await signIn(admin2.id, company.id))
  expect(seen.users.find((u: { email: string }) => u.email === owner.email)).toMatchObject({
    canChangeRole: false,
    canRemove: false,
  })
  expect(seen.users.find((u: { email: string }) => u.email === analyst.email)).toMatchObject({
    canChangeRole: true,
    canRemove: true,
  })
  expect(await db.auditEntry.count({ where: { companyId: company.id, action: 'user.role_changed' } })).toBe(3)
})

test('the last owner cannot be demoted or removed; with two owners one can go', async () => {
  const { company, owner, ownerCookie } = await account()
  const demote = await modify(ownerCookie, owner.email, 'admin')
  expect(demote.status).toBe(400)
  expect(demote.json.message).toMatch(/at least one owner/)
  const removeSelf = await remove(ownerCookie, owner.email)
  expect(removeSelf.status).toBe(400)
  expect(await db.membership.count({ where: { companyId: company.id, role: 'owner' } })).toBe(1)
  const check = await call(
    roleChangeAllowed,
    `/ajax/account/users/is_app_role_change_allowed?email=${encodeURIComponent(owner.email)}&role=admin`,
    ownerCookie,
  )
  expect(check.json).toMatchObject({ isAllowed: false, reason: expect.stringMatching(/at least one owner/) })

  const second = await makeUser({ companyId: company.id, role: 'owner' })
  const secondCookie = await signIn(second.id, company.id)
  expect((await modify(ownerCookie, owner.email, 'admin')).status).toBe(200)
  // Now `second` is the last owner.
  expect((await remove(secondCookie, second.email)).status).toBe(400)
})

test('remove: the user leaves the account and their sessions in it end; an invitation is withdrawn', async () => {
  const { company, ownerCookie } = await account()
  const leaving = await makeUser({ companyId: company.id, role: 'manager' })
  const leavingCookie = await signIn(leaving.id, company.id)
  expect(await list(leavingCookie).catch(() => null)).toBeDefined()
  const r = await remove(ownerCookie, leaving.email)
  expect(r.status).toBe(200)
  expect(await db.membership.count({ where: { userId: leaving.id, companyId: company.id } })).toBe(0)
  expect((await authorization(ajaxRequest('/ajax/authorization', { cookie: leavingCookie }))).status).toBe(401)
  expect(await db.user.count({ where: { id: leaving.id } })).toBe(1)

  await invite(ownerCookie, 'withdrawn@example.test', 'analyst')
  const { uid, token } = await linkFor('withdrawn@example.test')
  expect((await remove(ownerCookie, 'withdrawn@example.test')).status).toBe(200)
  const use = await call(createPassword, '/ajax/account/create-password', undefined, {
    uid,
    token,
    firstName: 'W',
    lastName: 'D',
    password1: 'long-password',
    password2: 'long-password',
  })
  expect(use.status).toBe(400)
  expect((await list(ownerCookie)).users.some((u: { email: string }) => u.email === 'withdrawn@example.test')).toBe(
    false,
  )
  expect((await remove(ownerCookie, 'nobody@example.test')).status).toBe(404)
})

test('resend-invites: unknown emails refuse the whole request, nothing sent', async () => {
  const { ownerCookie } = await account()
  await invite(ownerCookie, 'pending@example.test', 'analyst')
  const before = await db.outboxMail.count({ where: { to: 'pending@example.test' } })
  const r = await call(resendInvites, '/ajax/account/users/resend-invites', ownerCookie, {
    emails: ['pending@example.test', 'ghost@example.test'],
  })
  expect(r.status).toBe(400)
  expect(r.json.fieldErrors['emails.1']).toBeDefined()
  expect(await db.outboxMail.count({ where: { to: 'pending@example.test' } })).toBe(before)
  const ok = await call(resendInvites, '/ajax/account/users/resend-invites', ownerCookie, {
    emails: ['pending@example.test'],
  })
  expect(ok.json.resent).toEqual([{ email: 'pending@example.test', invitationExpiresAt: expect.any(String) }])
  expect(await db.outboxMail.count({ where: { to: 'pending@example.test' } })).toBe(before + 1)
})

test('permissions: a non-admin can neither list nor change users; signed out is 401', async () => {
  const { company, owner } = await account()
  for (const role of ['manager', 'analyst', 'support']) {
    const u = await makeUser({ companyId: company.id, role })
    const cookie = await signIn(u.id, company.id)
    expect((await call(getUsers, '/ajax/account/users/get', cookie)).status).toBe(403)
    expect((await invite(cookie, `by-${role}@example.test`, 'support')).status).toBe(403)
    expect((await modify(cookie, owner.email, 'support')).status).toBe(403)
    expect((await remove(cookie, owner.email)).status).toBe(403)
    expect(
      (await call(resendInvites, '/ajax/account/users/resend-invites', cookie, { emails: ['x@example.test'] })).status,
    ).toBe(403)
    expect((await call(roleList, '/ajax/account/users/get-role-list', cookie)).status).toBe(403)
  }
  expect((await call(getUsers, '/ajax/account/users/get', undefined)).status).toBe(401)
  expect(await db.invitation.count({ where: { companyId: company.id } })).toBe(0)
})

test('cross-tenant: company B cannot see or change company A users or invitations', async () => {
  const a = await account()
  const b = await account()
  const member = await makeUser({ companyId: a.company.id, role: 'analyst' })
  await invite(a.ownerCookie, 'a-invitee@example.test', 'analyst')

  const seen = await list(b.ownerCookie)
  expect(seen.users.map((u: { email: string }) => u.email)).toEqual([b.owner.email])
  const post = await call(postGetUsers, '/ajax/account/users/get', b.ownerCookie, {})
  expect(post.json.users).toHaveLength(1)

  expect((await modify(b.ownerCookie, member.email, 'owner')).status).toBe(404)
  expect((await remove(b.ownerCookie, member.email)).status).toBe(404)
  expect((await modify(b.ownerCookie, 'a-invitee@example.test', 'owner')).status).toBe(404)
  expect((await remove(b.ownerCookie, 'a-invitee@example.test')).status).toBe(404)
  expect(
    (
      await call(resendInvites, '/ajax/account/users/resend-invites', b.ownerCookie, {
        emails: ['a-invitee@example.test'],
      })
    ).status,
  ).toBe(400)
  // B may invite A's member into B (a separate invitation), which does not touch A.
  expect((await invite(b.ownerCookie, member.email, 'support')).status).toBe(201)
  expect((await db.membership.findFirstOrThrow({ where: { userId: member.id, companyId: a.company.id } })).role).toBe(
    'analyst',
  )
  expect(
    (await db.invitation.findFirstOrThrow({ where: { companyId: a.company.id, email: 'a-invitee@example.test' } }))
      .revokedAt,
  ).toBeNull()
})

test('CSRF: state-changing calls without the token are refused', async () => {
  const { ownerCookie } = await account()
  const res = await createUser(
    ajaxRequest('/ajax/account/users/create', {
      method: 'POST',
      cookie: ownerCookie.replace(/; kl_csrftoken=.*/, ''),
      body: { email: 'x@example.test', role: 'analyst' },
      csrf: false,
    }),
  )
  expect(res.status).toBe(403)
})
