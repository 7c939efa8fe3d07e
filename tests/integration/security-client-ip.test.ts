/** @jest-environment node */
// Issue 6, finding 1: the client address comes from the connection (or the proxies TRUST_PROXY
// names), never from a header the client wrote; sign-in is limited per account across all
// addresses too. The HTTP tests run a real http.Server (tests/helpers/route-table) that does what
// scripts/server.mjs does before Next (applyClientAddress) and hands the request to the real login route.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
import { POST as login } from '@/app/ajax/login/route'
import { POST as clientEvents } from '@/app/client/events/route'
import { db } from '@/lib/db/client'
import { CLIENT_IP_HEADER, clientIp, UNKNOWN_CLIENT } from '@/lib/http/client-ip'
import { ACCOUNT_MAX_DELAY_S, ACCOUNT_SLOWDOWN_AFTER, accountRetryAfterSeconds } from '@/lib/auth/login-rate-limit'
import { ACCOUNT_SLOWED } from '@/lib/auth/login-user'
import { resetRateLimits } from '@/lib/api/rate-limit'
import {
  applyClientAddress,
  CLIENT_IP_HEADER as SERVER_HEADER,
  resolveClientAddress,
  trustedHops,
} from '../../scripts/client-address.mjs'
import { ajaxRequest, CSRF, makeCompany, makeUser } from '../helpers/factory'
import { routeTable } from '../helpers/route-table'

jest.setTimeout(60_000)

/** A server that treats each request as scripts/server.mjs does, then calls the login route. */
async function serve(hops: number): Promise<{ url: string; close: () => Promise<void> }> {
  const server = await routeTable([['/ajax/login', { POST: login }]]).start({
    onRequest: (req) => applyClientAddress(req, hops),
  })
  return { url: `${server.url}/ajax/login`, close: server.close }
}

const attempt = (url: string, email: string, password: string, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `kl_csrftoken=${CSRF}`, 'x-csrftoken': CSRF, ...headers },
    body: JSON.stringify({ email, password }),
  })

describe('the client address', () => {
  test('a forged X-Forwarded-For per try does not escape the sign-in limit, and is not stored', async () => {
    const c = await makeCompany()
    const u = await makeUser({ email: 'forged-xff@example.test', password: 'right-password', companyId: c.id })
    const srv = await serve(0)
    try {
      for (let i = 0; i < 10; i++) {
        const res = await attempt(srv.url, u.email, 'wrong', {
          'x-forwarded-for': `198.51.100.${i}`,
          [CLIENT_IP_HEADER]: `203.0.113.${i}`,
        })
        expect(res.status).toBe(401)
      }
      const limited = await attempt(srv.url, u.email, 'right-password', {
        'x-forwarded-for': '198.51.100.99',
        'x-real-ip': '198.51.100.98',
      })
      expect(limited.status).toBe(429)
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
      const rows = await db.loginAttempt.findMany({ where: { email: u.email } })
      expect(new Set(rows.map((r) => r.ip))).toEqual(new Set(['127.0.0.1']))
    } finally {
      await srv.close()
    }
    // Once the window moves on, the owner signs in and the real address is the one recorded.
    await db.loginAttempt.updateMany({
      where: { email: u.email },
      data: { createdAt: new Date(Date.now() - 16 * 60 * 1000) },
    })
    const again = await serve(0)
    try {
      expect((await attempt(again.url, u.email, 'right-password', { 'x-forwarded-for': '198.51.100.7' })).status).toBe(
        200,
      )
    } finally {
      await again.close()
    }
    expect((await db.user.findUniqueOrThrow({ where: { id: u.id } })).lastLoginIp).toBe('127.0.0.1')
  })

  test('TRUST_PROXY=1: the address the proxy appended counts; what the client wrote before it does not', async () => {
    const c = await makeCompany()
    const u = await makeUser({ email: 'behind-proxy@example.test', password: 'right-password', companyId: c.id })
    const srv = await serve(1)
    try {
      const res = await attempt(srv.url, u.email, 'right-password', { 'x-forwarded-for': '6.6.6.6, 203.0.113.7' })
      expect(res.status).toBe(200)
    } finally {
      await srv.close()
    }
    expect((await db.user.findUniqueOrThrow({ where: { id: u.id } })).lastLoginIp).toBe('203.0.113.7')
  })

  test('resolveClientAddress trusts exactly the configured hops', () => {
    const chain = '6.6.6.6, 198.51.100.1, 203.0.113.7'
    expect(resolveClientAddress({ remoteAddress: '::ffff:10.0.0.2', forwardedFor: chain, hops: 0 })).toBe('10.0.0.2')
    expect(resolveClientAddress({ remoteAddress: '10.0.0.2', forwardedFor: chain, hops: 1 })).toBe('203.0.113.7')
    expect(resolveClientAddress({ remoteAddress: '10.0.0.2', forwardedFor: chain, hops: 2 })).toBe('198.51.100.1')
    // A proxy that did not append anything: the proxy's own peer is the best we know.
    expect(resolveClientAddress({ remoteAddress: '10.0.0.2', forwardedFor: undefined, hops: 1 })).toBe('10.0.0.2')
    expect(resolveClientAddress({ remoteAddress: '10.0.0.2', forwardedFor: '203.0.113.7', hops: 5 })).toBe(
      '203.0.113.7',
    )
    expect([trustedHops(undefined), trustedHops(''), trustedHops('0'), trustedHops('false')]).toEqual([0, 0, 0, 0])
    expect([trustedHops('1'), trustedHops('true'), trustedHops('2')]).toEqual([1, 1, 2])
    expect(() => trustedHops('10.0.0.0/8')).toThrow(/TRUST_PROXY/)
  })

  test('clientIp reads only the header our server sets; forwarded headers alone are ignored', () => {
    expect(SERVER_HEADER).toBe(CLIENT_IP_HEADER)
    const forged = new Request('http://localhost:3000/ajax/login', {
      headers: { 'x-forwarded-for': '6.6.6.6', 'x-real-ip': '6.6.6.7' },
    })
    expect(clientIp(forged)).toBe(UNKNOWN_CLIENT)
    const fromServer = new Request('http://localhost:3000/ajax/login', {
      headers: { [CLIENT_IP_HEADER]: '::ffff:203.0.113.9', 'x-forwarded-for': '6.6.6.6' },
    })
    expect(clientIp(fromServer)).toBe('203.0.113.9')
  })

  test('anonymous /client traffic is limited per visitor address', async () => {
    await resetRateLimits()
    const company = await makeCompany()
    const post = (ip: string) =>
      clientEvents(
        new Request(`http://localhost:3000/client/events?company_id=${company.publicApiKey}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [CLIENT_IP_HEADER]: ip },
          body: '{}',
        }),
      )
    const a1 = Number((await post('203.0.113.1')).headers.get('ratelimit-remaining'))
    const a2 = Number((await post('203.0.113.1')).headers.get('ratelimit-remaining'))
    const b1 = Number((await post('203.0.113.2')).headers.get('ratelimit-remaining'))
    expect(a2).toBe(a1 - 1)
    expect(b1).toBe(a1)
  })
})

describe('the per-account sign-in limit (a distributed guess)', () => {
  const from = (email: string, password: string, ip: string) =>
    login(
      ajaxRequest('/ajax/login', { method: 'POST', body: { email, password }, headers: { [CLIENT_IP_HEADER]: ip } }),
    )

  test('many addresses slow the account down with a clear 429; the owner is never locked out for good', async () => {
    const c = await makeCompany()
    const u = await makeUser({ email: 'spread-attack@example.test', password: 'right-password', companyId: c.id })
    // The owner signed in from home last week.
    await db.loginAttempt.create({
      data: { email: u.email, ip: '192.0.2.10', success: true, createdAt: new Date(Date.now() - 7 * 86400_000) },
    })
    for (let i = 0; i < ACCOUNT_SLOWDOWN_AFTER; i++)
      expect((await from(u.email, 'guess-' + i, `198.51.100.${i}`)).status).toBe(401)
    // A few more from elsewhere (written directly, so the delay is long enough to observe on a slow machine).
    for (let i = 0; i < 5; i++)
      await db.loginAttempt.create({ data: { email: u.email, ip: `198.51.101.${i}`, success: false } })

    // A fresh address (not limited on its own) is slowed, with a message that says why.
    const slowed = await from(u.email, 'right-password', '198.51.100.200')
    expect(slowed.status).toBe(429)
    expect(await slowed.json()).toMatchObject({ error: 'account_slowed', message: ACCOUNT_SLOWED })
    const retry = Number(slowed.headers.get('retry-after'))
    expect(retry).toBeGreaterThanOrEqual(1)
    expect(retry).toBeLessThanOrEqual(ACCOUNT_MAX_DELAY_S)
    // A refused attempt is not counted (it does not push the wait further away).
    expect(await db.loginAttempt.count({ where: { email: u.email, success: false } })).toBe(ACCOUNT_SLOWDOWN_AFTER + 5)

    // The owner at a known address is not slowed.
    expect((await from(u.email, 'right-password', '192.0.2.10')).status).toBe(200)

    // Elsewhere, once the short delay has passed, the right password works again.
    await db.loginAttempt.updateMany({
      where: { email: u.email, success: false },
      data: { createdAt: new Date(Date.now() - (ACCOUNT_MAX_DELAY_S + 1) * 1000) },
    })
    expect((await from(u.email, 'right-password', '198.51.100.201')).status).toBe(200)
  })

  test('the delay grows with each failure and is capped', async () => {
    const email = 'growing-delay@example.test'
    const waits: number[] = []
    const t0 = Date.now()
    for (let n = 1; n <= ACCOUNT_SLOWDOWN_AFTER + 7; n++) {
      await db.loginAttempt.create({ data: { email, ip: `198.51.100.${n}`, success: false, createdAt: new Date(t0) } })
      waits.push(await accountRetryAfterSeconds(email, '203.0.113.250', t0))
    }
    expect(waits.slice(0, ACCOUNT_SLOWDOWN_AFTER - 1).every((w) => w === 0)).toBe(true)
    const slowed = waits.slice(ACCOUNT_SLOWDOWN_AFTER - 1)
    expect(slowed[0]).toBe(1)
    for (let i = 1; i < slowed.length; i++) expect(slowed[i]).toBeGreaterThanOrEqual(slowed[i - 1]!)
    expect(slowed.at(-1)).toBe(ACCOUNT_MAX_DELAY_S)
  })
})
