/** @jest-environment node */
// A just-joined user (issue 30 §8, item 5): accepting an invitation is a sign-in, so the
// dashboard's "Last sign-in" shows it instead of "Never", and their first session is a first
// visit ("Welcome", not "Welcome back"); signing in again later is not.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(30_000)
import { POST as createUser } from '@/app/ajax/account/users/create/route'
import { POST as createPassword } from '@/app/ajax/account/create-password/route'
import { POST as login } from '@/app/ajax/login/route'
import { POST as switchCompany } from '@/app/ajax/account/switch-company/route'
import { db } from '@/lib/db/client'
import { CSRF_COOKIE, SESSION_COOKIE } from '@/lib/auth/config'
import { resetRateLimits } from '@/lib/api/rate-limit'
import { isFirstVisit } from '@/lib/account/is-first-visit'
import { ajaxRequest, CSRF, makeCompany, makeUser, signIn } from '../helpers/factory'

let info: jest.SpyInstance
beforeEach(() => {
  info = jest.spyOn(console, 'info').mockImplementation(() => {})
  resetRateLimits()
})
afterEach(() => info.mockRestore())

const anon = `${CSRF_COOKIE}=${CSRF}`
const LINK = /\/account\/create-password\/([A-Za-z0-9_-]+)\/([A-Za-z0-9_-]+)/
async function call(
  handler: (r: Request) => Promise<Response>,
  path: string,
  cookie: string | undefined,
  body: unknown,
) {
  const res = await handler(ajaxRequest(path, { method: 'POST', cookie, body }))
  return { status: res.status, res }
}
const cookieFrom = (res: Response) =>
  `${
    res.headers
      .getSetCookie()
      .find((c) => c.startsWith(`${SESSION_COOKIE}=`))!
      .split(';')[0]
  }; ${CSRF_COOKIE}=${CSRF}`
const latestSession = (userId: number) =>
  db.session.findFirstOrThrow({ where: { userId, revokedAt: null }, orderBy: { createdAt: 'desc' } })

test('accepting an invitation stamps the sign-in and is a first visit; the next sign-in is not', async () => {
  const company = await makeCompany()
  const owner = await makeUser({ companyId: company.id, role: 'owner' })
  const ownerCookie = await signIn(owner.id, company.id)
  expect(
    (
      await call(createUser, '/ajax/account/users/create', ownerCookie, {
        email: 'joiner@example.test',
        role: 'analyst',
      })
    ).status,
  ).toBe(201)
  const mail = await db.outboxMail.findFirstOrThrow({ where: { to: 'joiner@example.test' }, orderBy: { id: 'desc' } })
  const [, uid, token] = mail.text.match(LINK)!

  const before = Date.now()
  const joined = await call(createPassword, '/ajax/account/create-password', anon, {
    uid,
    token,
    firstName: 'Jo',
    lastName: 'Iner',
    password1: 'long-password',
    password2: 'long-password',
  })
  expect(joined.status).toBe(201)
  const user = await db.user.findUniqueOrThrow({ where: { email: 'joiner@example.test' } })
  expect(user.lastLoginAt).not.toBeNull()
  expect(user.lastLoginAt!.getTime()).toBeGreaterThanOrEqual(before - 1000)
  const first = await latestSession(user.id)
  expect(await isFirstVisit(user.id, first.id)).toBe(true)

  const again = await call(login, '/ajax/login', anon, { email: 'joiner@example.test', password: 'long-password' })
  expect(again.status).toBe(200)
  const second = await latestSession(user.id)
  expect(second.id).not.toBe(first.id)
  expect(await isFirstVisit(user.id, second.id)).toBe(false)
  expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).lastLoginAt!.getTime()).toBe(
    second.createdAt.getTime(),
  )
})

test('switching company is not a sign-in: the last sign-in stays', async () => {
  const a = await makeCompany()
  const b = await makeCompany()
  const user = await makeUser({ companyId: a.id, role: 'owner', password: 'long-password' })
  await db.membership.create({ data: { userId: user.id, companyId: b.id, role: 'owner' } })
  const signedIn = await call(login, '/ajax/login', anon, { email: user.email, password: 'long-password' })
  const stamped = (await db.user.findUniqueOrThrow({ where: { id: user.id } })).lastLoginAt!
  await new Promise((r) => setTimeout(r, 5))
  expect(
    (await call(switchCompany, '/ajax/account/switch-company', cookieFrom(signedIn.res), { companyId: b.id })).status,
  ).toBe(200)
  expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).lastLoginAt!.getTime()).toBe(stamped.getTime())
})
