/** @jest-environment node */
// The customer hub's shopper side (issue 24 §2): sign-in by a mailed one-time code (wrong,
// expired, reused, rate limited), the shopper's own orders from Placed/Fulfilled Order events, a
// return started once, and no way into another profile's or another company's data. Real route
// handlers, real Requests, a real database; only the mailer is swapped to read the code.
import { testEngine, useTestDatabase } from '../helpers/test-db'
import { queuedJobs } from '../helpers/queued-jobs'
useTestDatabase()
jest.setTimeout(60_000)
import { db } from '@/lib/db/client'
import { makeCompany, makeUser, params } from '../helpers/factory'
import { ingestEvents } from '@/lib/events/ingest-events'
import { resetRateLimits } from '@/lib/api/rate-limit'
import { setMailer, type MailMessage } from '@/lib/mail/mailer'
import { HUB_COOKIE } from '@/lib/customer-hub/hub-session'
import * as codeRoute from '@/app/hub/[publicKey]/code/route'
import * as sessionRoute from '@/app/hub/[publicKey]/session/route'
import * as ordersRoute from '@/app/hub/[publicKey]/orders/route'
import * as returnsRoute from '@/app/hub/[publicKey]/returns/route'
import * as supportRoute from '@/app/hub/[publicKey]/support/route'
import * as viewedRoute from '@/app/hub/[publicKey]/recently-viewed/route'
import * as pageRoute from '@/app/hub/[publicKey]/route'
import { onsiteScriptResponse } from '@/lib/onsite/serve-script'
import { pruneHubLogins } from '@/lib/customer-hub/prune-hub-logins'

const APP = 'https://app.example.test'
const sent: MailMessage[] = []
beforeAll(() => setMailer({ send: async (m) => void sent.push(m) }))
afterAll(() => setMailer(null))
beforeEach(async () => {
  sent.length = 0
  await resetRateLimits()
})

let ipSeq = 0
function call(
  route: { [m: string]: unknown },
  method: string,
  key: string,
  path: string,
  opts: { body?: unknown; cookie?: string; ip?: string } = {},
) {
  const headers: Record<string, string> = { 'x-client-ip': opts.ip ?? `10.1.0.${++ipSeq % 250}` }
  if (opts.body !== undefined) headers['content-type'] = 'application/json'
  if (opts.cookie) headers.cookie = opts.cookie
  const req = new Request(`${APP}/hub/${key}/${path}`, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  })
  return (route[method] as (r: Request, p: unknown) => Promise<Response>)(req, params({ publicKey: key }))
}

const order = (id: string, email: string, daysAgo: number, extra: Record<string, unknown> = {}) => ({
  metric: { name: 'Placed Order' },
  profile: { email },
  properties: {
    OrderId: id,
    OrderNumber: `#${id}`,
    Items: [
      {
        ProductID: 'P1',
        SKU: 'SKU-1',
        ProductName: '<b>Mug</b>',
        Quantity: 1,
        ItemPrice: 12,
        ProductURL: 'https://shop.test/p1',
      },
      {
        ProductID: 'P2',
        SKU: 'FINAL-SALE',
        ProductName: 'Sale tee',
        Quantity: 2,
        ItemPrice: 5,
        ProductURL: 'javascript:alert(1)',
      },
    ],
    ...extra,
  },
  time: new Date(Date.now() - daysAgo * 86_400_000),
  value: 22,
  uniqueId: id,
})

async function store() {
  const co = await makeCompany()
  const owner = await makeUser({ companyId: co.id })
  await db.hubSettings.create({
    data: {
      companyId: co.id,
      enabled: true,
      returnWindowDays: 30,
      returnRules: JSON.stringify({ requireReason: true, excludedSkus: ['FINAL-SALE'] }),
    },
  })
  const a = `ann-${co.id}@example.test`
  const b = `bob-${co.id}@example.test`
  await ingestEvents(co.id, [
    order(`A1-${co.id}`, a, 3),
    order(`A2-${co.id}`, a, 60),
    order(`B1-${co.id}`, b, 2),
    {
      metric: { name: 'Fulfilled Order' },
      profile: { email: a },
      properties: { OrderId: `A1-${co.id}`, TrackingUrl: 'https://track.test/1' },
      time: new Date(Date.now() - 2 * 86_400_000),
      uniqueId: `A1-${co.id}`,
    },
    {
      metric: { name: 'Viewed Product' },
      profile: { email: a },
      properties: { ProductID: 'P9', ProductName: 'Lamp', URL: 'https://shop.test/p9' },
    },
  ])
  return { co, key: co.publicApiKey, owner, a, b }
}

/** Queued ingest jobs naming the metric: read on SQLite's Job table; on PostgreSQL the count of jobs stands in. */
async function ingestJobsWith(companyId: number, metric: string): Promise<number> {
  if (testEngine() !== 'sqlite') return 1
  const jobs = await db.job.findMany({ where: { companyId, type: 'events.ingest' } })
  return jobs.filter((j) => j.payload.includes(metric)).length
}

const codeIn = (m: MailMessage | undefined) => m?.text.match(/ is (\d{6})\./)?.[1] ?? ''

async function signInAs(key: string, email: string) {
  expect((await call(codeRoute, 'POST', key, 'code', { body: { email } })).status).toBe(202)
  const code = codeIn(sent.filter((m) => m.to === email).pop())
  const res = await call(sessionRoute, 'POST', key, 'session', { body: { email, code } })
  expect(res.status).toBe(200)
  const cookie = res.headers.get('set-cookie')!
  expect(cookie).toMatch(new RegExp(`^${HUB_COOKIE}=`))
  expect(cookie).toContain('HttpOnly')
  expect(cookie).toContain(`Path=/hub/${key}`)
  return cookie.split(';')[0]!
}

test('a code signs in once: wrong code, reused code and expired code are refused; unknown addresses get the same 202 and no mail', async () => {
  const s = await store()
  expect((await call(codeRoute, 'POST', s.key, 'code', { body: { email: 'nobody@example.test' } })).status).toBe(202)
  expect(sent).toHaveLength(0)

  expect((await call(codeRoute, 'POST', s.key, 'code', { body: { email: 'not-an-email' } })).status).toBe(400)

  expect((await call(codeRoute, 'POST', s.key, 'code', { body: { email: s.a } })).status).toBe(202)
  const code = codeIn(sent[0])
  expect(code).toMatch(/^\d{6}$/)
  const row = await db.hubLoginCode.findFirstOrThrow({ where: { companyId: s.co.id } })
  expect(row.codeHash).not.toContain(code)

  const wrong = code === '000000' ? '000001' : '000000'
  let res = await call(sessionRoute, 'POST', s.key, 'session', { body: { email: s.a, code: wrong } })
  expect(res.status).toBe(400)
  expect((await res.json()).fieldErrors.code).toBeDefined()

  res = await call(sessionRoute, 'POST', s.key, 'session', { body: { email: s.a, code } })
  expect(res.status).toBe(200)
  res = await call(sessionRoute, 'POST', s.key, 'session', { body: { email: s.a, code } })
  expect(res.status).toBe(400)

  // Expired: a fresh code whose ten minutes are over.
  await resetRateLimits()
  await call(codeRoute, 'POST', s.key, 'code', { body: { email: s.a } })
  const fresh = codeIn(sent[sent.length - 1])
  await db.hubLoginCode.updateMany({
    where: { companyId: s.co.id, usedAt: null },
    data: { expiresAt: new Date(Date.now() - 1000) },
  })
  res = await call(sessionRoute, 'POST', s.key, 'session', { body: { email: s.a, code: fresh } })
  expect(res.status).toBe(400)
})

test('a code is dead after five wrong guesses', async () => {
  const s = await store()
  await call(codeRoute, 'POST', s.key, 'code', { body: { email: s.a } })
  const code = codeIn(sent[0])
  const wrong = code === '000000' ? '000001' : '000000'
  for (let i = 0; i < 5; i++) {
    // Only the code's own guess count is under test here, not the per-address rate limit.
    await resetRateLimits()
    await call(sessionRoute, 'POST', s.key, 'session', { body: { email: s.a, code: wrong } })
  }
  await resetRateLimits()
  const res = await call(sessionRoute, 'POST', s.key, 'session', { body: { email: s.a, code } })
  expect(res.status).toBe(400)
})

test('code requests are rate limited per address and per IP', async () => {
  const s = await store()
  // Per address: across different IPs, the second request in the same second is refused.
  expect((await call(codeRoute, 'POST', s.key, 'code', { body: { email: s.a } })).status).toBe(202)
  expect((await call(codeRoute, 'POST', s.key, 'code', { body: { email: s.a } })).status).toBe(429)
  expect(sent).toHaveLength(1)
  // Per IP: one address after another from the same IP.
  const ip = '10.9.9.9'
  const statuses = []
  for (let i = 0; i < 5; i++)
    statuses.push((await call(codeRoute, 'POST', s.key, 'code', { body: { email: `x${i}@example.test` }, ip })).status)
  expect(statuses).toContain(429)
})

test('the orders list shows only the signed-in shopper’s orders, with status, items and safe links', async () => {
  const s = await store()
  expect((await call(ordersRoute, 'GET', s.key, 'orders')).status).toBe(401)
  const cookie = await signInAs(s.key, s.a)
  const res = await call(ordersRoute, 'GET', s.key, 'orders', { cookie })
  expect(res.status).toBe(200)
  const { orders } = await res.json()
  expect(orders.map((o: { orderKey: string }) => o.orderKey)).toEqual([`A1-${s.co.id}`, `A2-${s.co.id}`])
  expect(orders[0]).toMatchObject({ status: 'fulfilled', trackingUrls: ['https://track.test/1'] })
  expect(orders[1].status).toBe('placed')
  expect(orders[0].items[0]).toMatchObject({ key: 'SKU-1', name: '<b>Mug</b>', productUrl: 'https://shop.test/p1' })
  expect(orders[0].items[1].productUrl).toBeNull()

  const viewed = await (await call(viewedRoute, 'GET', s.key, 'recently-viewed', { cookie })).json()
  expect(viewed.products).toEqual([expect.objectContaining({ productId: 'P9', name: 'Lamp' })])
})

test('a return is started once, within the window and rules, with an event and a merchant alert', async () => {
  const s = await store()
  const cookie = await signInAs(s.key, s.a)
  sent.length = 0
  const orderKey = `A1-${s.co.id}`
  let res = await call(returnsRoute, 'POST', s.key, 'returns', { cookie, body: { orderKey, itemKey: 'SKU-1' } })
  expect(res.status).toBe(400)
  expect((await res.json()).fieldErrors.reason).toBeDefined()
  res = await call(returnsRoute, 'POST', s.key, 'returns', {
    cookie,
    body: { orderKey, itemKey: 'FINAL-SALE', reason: 'x' },
  })
  expect(res.status).toBe(400)
  res = await call(returnsRoute, 'POST', s.key, 'returns', {
    cookie,
    body: { orderKey: `A2-${s.co.id}`, itemKey: 'SKU-1', reason: 'late' },
  })
  expect(res.status).toBe(400)
  expect((await res.json()).fieldErrors.orderKey).toBeDefined()
  res = await call(returnsRoute, 'POST', s.key, 'returns', {
    cookie,
    body: { orderKey, itemKey: 'SKU-1', reason: 'Too small <script>' },
  })
  expect(res.status).toBe(201)
  res = await call(returnsRoute, 'POST', s.key, 'returns', {
    cookie,
    body: { orderKey, itemKey: 'SKU-1', reason: 'again' },
  })
  expect(res.status).toBe(200)
  expect((await res.json()).created).toBe(false)

  const rows = await db.hubReturnRequest.findMany({ where: { companyId: s.co.id } })
  expect(rows).toHaveLength(1)
  expect(rows[0]!.reason).toBe('Too small <script>')
  // The sign-in's event and the one Started Return, queued for ingest.
  expect(await ingestJobsWith(s.co.id, 'Started Return')).toBe(1)
  expect(await queuedJobs({ companyId: s.co.id, type: 'events.ingest' })).toHaveLength(2)
  expect(sent.filter((m) => m.to === s.owner.email && m.subject.startsWith('Return started'))).toHaveLength(1)
})

test('another profile’s order and another company’s hub are out of reach', async () => {
  const s = await store()
  const other = await store()
  const cookie = await signInAs(s.key, s.a)
  // Bob's order, asked for with Ann's session: not found, nothing written.
  let res = await call(returnsRoute, 'POST', s.key, 'returns', {
    cookie,
    body: { orderKey: `B1-${s.co.id}`, itemKey: 'SKU-1', reason: 'mine now' },
  })
  expect(res.status).toBe(404)
  // Ann's cookie on another company's hub is no session there.
  res = await call(ordersRoute, 'GET', other.key, 'orders', { cookie })
  expect(res.status).toBe(401)
  res = await call(supportRoute, 'POST', other.key, 'support', { cookie, body: { subject: 'hi', body: 'there' } })
  expect(res.status).toBe(401)
  expect(await db.hubReturnRequest.count({ where: { companyId: { in: [s.co.id, other.co.id] } } })).toBe(0)
  // A disabled hub is not there at all.
  await db.hubSettings.update({ where: { companyId: s.co.id }, data: { enabled: false } })
  expect((await call(ordersRoute, 'GET', s.key, 'orders', { cookie })).status).toBe(404)
})

test('support messages are validated and kept as text', async () => {
  const s = await store()
  const cookie = await signInAs(s.key, s.a)
  let res = await call(supportRoute, 'POST', s.key, 'support', { cookie, body: { subject: '', body: 'x' } })
  expect(res.status).toBe(400)
  res = await call(supportRoute, 'POST', s.key, 'support', {
    cookie,
    body: { subject: 'Help', body: '<img src=x onerror=1>' },
  })
  expect(res.status).toBe(200)
  const m = await db.hubSupportMessage.findFirstOrThrow({ where: { companyId: s.co.id } })
  expect(m.body).toBe('<img src=x onerror=1>')
})

test('the hub page escapes merchant text and carries the page policy’s nonce on its one script', async () => {
  const s = await store()
  await db.hubSettings.update({
    where: { companyId: s.co.id },
    data: {
      content: JSON.stringify({ headline: '<script>alert(1)</script>', intro: '', blocks: [] }),
      faq: JSON.stringify([{ question: 'Q <img src=x>', answer: 'A' }]),
    },
  })
  const req = new Request(`${APP}/hub/${s.key}`, {
    headers: { 'content-security-policy': "script-src 'self' 'nonce-abc123' 'strict-dynamic'" },
  })
  const res = await pageRoute.GET(req, params({ publicKey: s.key }))
  expect(res.status).toBe(200)
  const html = await res.text()
  expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
  expect(html).toContain('Q &lt;img src=x&gt;')
  expect(html.match(/<script/g)).toHaveLength(1)
  expect(html).toContain('<script nonce="abc123">')
  const missing = await pageRoute.GET(new Request(`${APP}/hub/NOPE`), params({ publicKey: 'NOPE' }))
  expect(missing.status).toBe(404)
})

test('the onsite script carries the hub button only when the hub and its button are on', async () => {
  const s = await store()
  const script = async () =>
    (await onsiteScriptResponse(new Request(`${APP}/onsite/js/klaviyo.js?company_id=${s.key}`))).text()
  expect(await script()).not.toContain('"hubButton":true')
  await db.hubSettings.update({ where: { companyId: s.co.id }, data: { buttonEnabled: true } })
  expect(await script()).toContain('"hubButton":true')
  await db.hubSettings.update({ where: { companyId: s.co.id }, data: { enabled: false } })
  expect(await script()).not.toContain('"hubButton":true')
})

test('guesses at one address are limited across IPs, and sign-out ends the session on the server', async () => {
  const s = await store()
  await call(codeRoute, 'POST', s.key, 'code', { body: { email: s.a } })
  const code = codeIn(sent[0])
  const wrong = code === '000000' ? '000001' : '000000'
  const statuses = []
  // The four guesses fall in one second whatever the machine's load (the burst window is
  // Date.now()'s; on a loaded CI machine four requests once spanned two windows).
  const frozen = jest.spyOn(Date, 'now').mockReturnValue(Math.floor(Date.now() / 1000) * 1000 + 100)
  try {
    for (let i = 0; i < 4; i++)
      statuses.push((await call(sessionRoute, 'POST', s.key, 'session', { body: { email: s.a, code: wrong } })).status)
  } finally {
    frozen.mockRestore()
  }
  expect(statuses).toContain(429)

  await resetRateLimits()
  const cookie = await signInAs(s.key, s.b)
  expect((await call(ordersRoute, 'GET', s.key, 'orders', { cookie })).status).toBe(200)
  expect((await call(sessionRoute, 'DELETE', s.key, 'session', { cookie })).status).toBe(200)
  expect((await call(ordersRoute, 'GET', s.key, 'orders', { cookie })).status).toBe(401)
})

test('a sign-in is recorded as an event; the prune removes expired sessions and codes and keeps live ones', async () => {
  const s = await store()
  const cookie = await signInAs(s.key, s.a)
  expect(await ingestJobsWith(s.co.id, 'Signed In to Customer Hub')).toBe(1)
  expect(await queuedJobs({ companyId: s.co.id, type: 'events.ingest' })).toHaveLength(1)
  await db.hubSession.create({
    data: { tokenHash: `old-${s.co.id}`, companyId: s.co.id, profileId: 'p', expiresAt: new Date(Date.now() - 1000) },
  })
  expect(await pruneHubLogins()).toBeGreaterThanOrEqual(1)
  expect(await db.hubSession.count({ where: { tokenHash: `old-${s.co.id}` } })).toBe(0)
  expect((await call(ordersRoute, 'GET', s.key, 'orders', { cookie })).status).toBe(200)
})
