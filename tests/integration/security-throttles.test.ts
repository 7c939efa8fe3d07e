/** @jest-environment node */
// Issue 6, findings 7, 8 and 13: password-reset requests, registrations and browser error
// reports are limited per address and per target email (in the database); neither sign-up nor
// reset tells a known email from an unknown one; every mailed link follows APP_URL.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
import { countQueuedJobs } from '../helpers/queued-jobs'
import { POST as requestReset } from '@/app/ajax/account/password-reset/route'
import { POST as register } from '@/app/ajax/register/route'
import { POST as clientErrors } from '@/app/ajax/client-errors/route'
import { db } from '@/lib/db/client'
import { CLIENT_IP_HEADER } from '@/lib/http/client-ip'
import { PASSWORD_RESET_LIMITS } from '@/lib/auth/request-password-reset'
import { REGISTRATION_LIMITS } from '@/lib/auth/register-company'
import { runJobsUntilIdle } from '@/lib/jobs/queue'
import { subscribeProfiles } from '@/lib/profiles/subscribe-profiles'
import { ajaxRequest, makeCompany, makeUser } from '../helpers/factory'

jest.setTimeout(60_000)

let info: jest.SpyInstance
let reported: jest.SpyInstance
beforeEach(() => {
  info = jest.spyOn(console, 'info').mockImplementation(() => {})
  reported = jest.spyOn(console, 'error').mockImplementation(() => {})
})
afterEach(() => {
  info.mockRestore()
  reported.mockRestore()
})

const resetFrom = (email: string, ip: string) =>
  requestReset(
    ajaxRequest('/ajax/account/password-reset', {
      method: 'POST',
      body: { email },
      headers: { [CLIENT_IP_HEADER]: ip },
    }),
  )
const signUp = (email: string, ip: string, password = 'long-enough-pw') =>
  register(
    ajaxRequest('/ajax/register', {
      method: 'POST',
      body: { companyName: 'Acme Goods', firstName: 'Ada', lastName: 'Lovelace', email, password },
      headers: { [CLIENT_IP_HEADER]: ip },
    }),
  )
const answer = async (res: Response) => ({
  status: res.status,
  body: await res.json(),
  cookies: res.headers.getSetCookie(),
})

async function withEnv<T>(vars: Record<string, string | undefined>, fn: () => Promise<T>): Promise<T> {
  const before = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]))
  const set = (v: Record<string, string | undefined>) => {
    for (const [k, x] of Object.entries(v))
      if (x === undefined) delete process.env[k]
      else process.env[k] = x
  }
  set(vars)
  try {
    return await fn()
  } finally {
    set(before)
  }
}

describe('password reset', () => {
  test('30 requests in a row for one address queue 3 mails; the rest get 429 with Retry-After', async () => {
    const u = await makeUser({ email: 'flooded@example.test' })
    const statuses: number[] = []
    let limited: Response | null = null
    for (let i = 0; i < 30; i++) {
      const res = await resetFrom(u.email, `198.51.100.${i}`)
      statuses.push(res.status)
      if (res.status === 429) limited ??= res
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(PASSWORD_RESET_LIMITS.email.max)
    expect(Number(limited!.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await limited!.json()).message).toMatch(/Too many password reset requests/)
    await runJobsUntilIdle()
    expect(await db.outboxMail.count({ where: { to: u.email } })).toBe(PASSWORD_RESET_LIMITS.email.max)
  })

  test('one address asking for many emails is limited too, another address is not', async () => {
    const statuses: number[] = []
    for (let i = 0; i < PASSWORD_RESET_LIMITS.ip.max + 1; i++)
      statuses.push((await resetFrom(`someone-${i}@example.test`, '203.0.113.50')).status)
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true)
    expect(statuses.at(-1)).toBe(429)
    expect((await resetFrom('someone-else@example.test', '203.0.113.51')).status).toBe(200)
  })

  test('known and unknown emails: the same answer after the same synchronous work (one queued job, nothing else)', async () => {
    const u = await makeUser({ email: 'known-reset@example.test' })
    const counts = async () => ({
      jobs: await countQueuedJobs({ type: 'auth.password-reset-mail' }),
      tokens: await db.passwordResetToken.count(),
      mails: await db.outboxMail.count(),
    })
    await runJobsUntilIdle()
    const start = await counts()
    const known = await answer(await resetFrom(u.email, '203.0.113.60'))
    const afterKnown = await counts()
    const unknown = await answer(await resetFrom('nobody-here@example.test', '203.0.113.60'))
    const afterUnknown = await counts()
    expect(unknown).toEqual(known)
    expect(known).toEqual({ status: 200, body: { ok: true }, cookies: [] })
    // No token and no mail on the request: the lookup happens in the job for both.
    expect(afterKnown).toEqual({ ...start, jobs: start.jobs + 1 })
    expect(afterUnknown).toEqual({ ...start, jobs: start.jobs + 2 })
    await runJobsUntilIdle()
    expect(await db.outboxMail.count({ where: { to: u.email } })).toBe(1)
    expect(await db.outboxMail.count({ where: { to: 'nobody-here@example.test' } })).toBe(0)
  })
})

describe('registration', () => {
  test('an existing email gets exactly the answer of a new sign-up; its owner is told by mail', async () => {
    const c = await makeCompany()
    const owner = await makeUser({ email: 'already-here@example.test', companyId: c.id })
    const companies = await db.company.count()
    const fresh = await answer(await signUp('brand-new@example.test', '203.0.113.70'))
    const taken = await answer(await signUp('Already-Here@example.test', '203.0.113.71', 'another-password'))
    expect(taken).toEqual(fresh)
    expect(fresh).toEqual({ status: 202, body: { ok: true, checkEmail: true }, cookies: [] })
    expect(await db.company.count()).toBe(companies + 1) // only the new sign-up made a company
    await withEnv({ APP_URL: 'https://app.merchant.example' }, () => runJobsUntilIdle())
    const notice = await db.outboxMail.findFirstOrThrow({ where: { to: owner.email } })
    expect(notice.subject).toBe('Someone tried to sign up with your email address')
    expect(notice.text).toContain('https://app.merchant.example/login')
    expect(notice.text).toContain('https://app.merchant.example/account/password-reset')
    const confirm = await db.outboxMail.findFirstOrThrow({ where: { to: 'brand-new@example.test' } })
    expect(confirm.text).toMatch(/https:\/\/app\.merchant\.example\/account\/confirm-email\//)
    // The existing account is untouched.
    expect((await db.user.findUniqueOrThrow({ where: { id: owner.id } })).passwordHash).toBe(owner.passwordHash)
  })

  test('limited per target email and per address', async () => {
    const email = 'repeat-signup@example.test'
    const byEmail: number[] = []
    for (let i = 0; i <= REGISTRATION_LIMITS.email.max; i++)
      byEmail.push((await signUp(email, `198.51.100.${100 + i}`)).status)
    expect(byEmail).toEqual([...Array(REGISTRATION_LIMITS.email.max).fill(202), 429])
    const byIp: number[] = []
    for (let i = 0; i <= REGISTRATION_LIMITS.ip.max; i++)
      byIp.push((await signUp(`many-${i}@example.test`, '203.0.113.80')).status)
    expect(byIp.slice(0, -1).every((s) => s === 202)).toBe(true)
    const limited = await signUp('one-more@example.test', '203.0.113.80')
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/)
    // Refused sign-ups create nothing.
    expect(await db.user.count({ where: { email: 'one-more@example.test' } })).toBe(0)
  })
})

describe('browser error reports', () => {
  test('limited per address', async () => {
    const report = (ip: string) =>
      clientErrors(
        ajaxRequest('/ajax/client-errors', {
          method: 'POST',
          body: { message: 'boom' },
          headers: { [CLIENT_IP_HEADER]: ip },
        }),
      )
    const statuses: number[] = []
    for (let i = 0; i < 31; i++) statuses.push((await report('203.0.113.90')).status)
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true)
    expect(statuses[30]).toBe(429)
    expect((await report('203.0.113.91')).status).toBe(200)
  })
})

describe('mailed links', () => {
  test('double opt-in links follow APP_URL, and without it the port the server runs on', async () => {
    const company = await makeCompany()
    const list = await db.group.create({
      data: { id: 'DOILNK', companyId: company.id, name: 'News', optInProcess: 'double_opt_in' },
    })
    const subscribe = (email: string) =>
      subscribeProfiles(company.id, {
        listId: list.id,
        profiles: [{ email, subscriptions: { email: { marketing: { consent: 'SUBSCRIBED' } } } }],
      })
    await withEnv({ APP_URL: 'https://shop-app.example/', PORT: undefined }, () =>
      subscribe('with-app-url@example.com'),
    )
    await withEnv({ APP_URL: undefined, PORT: '4123' }, () => subscribe('with-port@example.com'))
    await runJobsUntilIdle()
    const a = await db.outboxMail.findFirstOrThrow({ where: { to: 'with-app-url@example.com' } })
    const b = await db.outboxMail.findFirstOrThrow({ where: { to: 'with-port@example.com' } })
    expect(a.text).toMatch(/https:\/\/shop-app\.example\/subscriptions\/confirm\/\d+\//)
    expect(b.text).toMatch(/http:\/\/localhost:4123\/subscriptions\/confirm\/\d+\//)
  })
})
