/** @jest-environment node */
// The onsite script (issue 20 §1) in real Chromium: a store page on one origin (localhost) with
// the one script tag of our origin (127.0.0.1), served by the real route handlers on a fresh
// database. The vendor's API as a table of calls: identify, track, the _learnq queue filled
// before load, the __kla_id cookie, `_kx` link identification, anonymous → identified merge,
// the consent switch, tracking off, Active on Site once per session, the install ping, an
// unknown company key.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(120_000)
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test'
import { db } from '@/lib/db/client'
import { resetRateLimits } from '@/lib/api/rate-limit'
import { runJobsUntilIdle } from '@/lib/jobs/queue'
import { registerJobHandlers } from '@/lib/server/job-handlers'
import { signExchangeToken } from '@/lib/onsite/exchange-token'
import { makeCompany } from '../helpers/factory'
import { routeTable, type RouteServer } from '../helpers/route-table'
import { waitFor } from '../helpers/wait-for'
import * as script from '@/app/onsite/js/klaviyo.js/route'
import * as ping from '@/app/onsite/ping/route'
import * as clientEvents from '@/app/client/events/route'
import * as clientProfiles from '@/app/client/profiles/route'

let browser: Browser
let server: RouteServer
let storeOrigin: string
const ids: Record<'main' | 'consent' | 'off', { id: number; key: string }> = {} as never

// The store page: inline queue code (if any) and the one script tag, on another origin than ours.
const pages = new Map<string, { key: string; inline: string; htmlAttrs?: string }>()
const table = routeTable([
  ['/onsite/js/klaviyo.js', script],
  ['/onsite/ping', ping],
  ['/client/events', clientEvents],
  ['/client/profiles', clientProfiles],
  [
    '/store/:name',
    {
      GET: async (_req, ctx) => {
        const p = pages.get((await ctx!.params!).name!)
        if (!p) return new Response('no such page', { status: 404 })
        const html =
          `<!doctype html><html ${p.htmlAttrs ?? ''}><head><title>Store</title><script>${p.inline}</script>` +
          `<script async src="${server.url}/onsite/js/klaviyo.js?company_id=${p.key}"></script></head><body><h1>Shoe</h1></body></html>`
        return new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } })
      },
    },
  ],
])

beforeAll(async () => {
  registerJobHandlers()
  for (const name of ['main', 'consent', 'off'] as const) {
    const c = await makeCompany(`Onsite ${name}`)
    ids[name] = { id: c.id, key: c.publicApiKey! }
  }
  await db.onsiteSettings.create({ data: { companyId: ids.consent.id, requireConsent: true } })
  await db.onsiteSettings.create({ data: { companyId: ids.off.id, trackingEnabled: false } })
  server = await table.start({ onRequest: () => resetRateLimits() })
  storeOrigin = server.url.replace('127.0.0.1', 'localhost')
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] })
})

afterAll(async () => {
  await browser?.close()
  await server?.close()
})

/** A page that counts its requests to our origin and can wait until none is in flight. */
async function open(context: BrowserContext, name: string, key: string, inline = '', query = '', htmlAttrs?: string) {
  pages.set(name, { key, inline, htmlAttrs })
  const page = await context.newPage()
  const sent: string[] = []
  const warnings: string[] = []
  let inFlight = 0
  page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()))
  page.on('request', (r) => {
    if (r.url().startsWith(server.url) && !r.url().includes('/onsite/js/')) {
      inFlight++
      // What the page sends (the forms module's GET of live forms is not sending)
      if (r.method() === 'POST') sent.push(`${r.method()} ${new URL(r.url()).pathname}`)
    }
  })
  const done = (r: { url(): string }) => {
    if (r.url().startsWith(server.url) && !r.url().includes('/onsite/js/')) inFlight--
  }
  page.on('requestfinished', done)
  page.on('requestfailed', done)
  // The load event waits for async scripts: the onsite script has run when goto returns.
  await page.goto(`${storeOrigin}/store/${name}${query}`)
  // Quiet is an absence, so it is measured in real time: three 50 ms looks with nothing in flight.
  const settle = async () => {
    for (let quiet = 0; quiet < 3;) {
      await page.waitForTimeout(50)
      quiet = inFlight === 0 ? quiet + 1 : 0
    }
    await runJobsUntilIdle()
  }
  await settle()
  return { page, sent, warnings, settle }
}

async function cookie(context: BrowserContext): Promise<Record<string, string> | null> {
  const c = (await context.cookies(storeOrigin)).find((x) => x.name === '__kla_id')
  return c ? JSON.parse(Buffer.from(decodeURIComponent(c.value), 'base64').toString('utf8')) : null
}

const events = async (companyId: number, metric: string) =>
  db.event.findMany({ where: { companyId, metric: { name: metric } }, orderBy: { id: 'asc' } })

const call = (page: Page, fn: string) => page.evaluate(`(async () => { const k = window.klaviyo; return ${fn} })()`)

test('the _learnq queue filled before load is replayed in order: identify, then track with the vendor property names', async () => {
  const context = await browser.newContext()
  const product = {
    ProductName: 'Trail Shoe',
    ProductID: 'P1',
    SKU: 'TS-1',
    Categories: ['Shoes'],
    ImageURL: 'https://img.test/1.png',
    URL: 'https://shop.test/p/1',
    Brand: 'Acme',
    Price: 99.5,
    CompareAtPrice: 120,
  }
  const inline =
    `window._learnq = window._learnq || []; _learnq.push(['identify', { $email: 'ann@x.test', $first_name: 'Ann', $city: 'Lyon', Shoe_Size: 42 }]);` +
    `_learnq.push(['track', 'Viewed Product', ${JSON.stringify(product)}]);`
  const { sent } = await open(context, 'queue', ids.main.key, inline)
  const ann = await db.profile.findFirst({ where: { companyId: ids.main.id, email: 'ann@x.test' } })
  expect(ann).toMatchObject({ firstName: 'Ann', city: 'Lyon' })
  expect(JSON.parse(ann!.properties)).toMatchObject({ Shoe_Size: 42 })
  const viewed = await events(ids.main.id, 'Viewed Product')
  expect(viewed).toHaveLength(1)
  expect(viewed[0]!.profileId).toBe(ann!.id)
  expect(JSON.parse(viewed[0]!.properties)).toMatchObject(product)
  expect(sent.indexOf('POST /client/profiles')).toBeLessThan(sent.indexOf('POST /client/events'))
  const c = await cookie(context)
  expect(c).toEqual({ cid: ann!.anonymousId, $email: 'ann@x.test' })
  const raw = (await context.cookies(storeOrigin)).find((x) => x.name === '__kla_id')!
  expect(raw.sameSite).toBe('Lax')
  // Two years asked; Chromium keeps a cookie at most 400 days.
  expect(raw.expires * 1000 - Date.now()).toBeGreaterThan(390 * 24 * 3600 * 1000)
  await context.close()
})

test('the klaviyo object: a table of calls and their promised answers', async () => {
  const context = await browser.newContext()
  const { page, settle, sent } = await open(
    context,
    'api',
    ids.main.key,
    `window.klaviyo = window.klaviyo || []; klaviyo.push(['track', 'Started Checkout', { $value: 12 }]);`,
  )
  const rows: Array<[string, unknown]> = [
    ['k.isIdentified()', false],
    ["k.account('OTHER')", ids.main.key],
    ["k.track('Added to Cart', { ProductName: 'Trail Shoe', ProductID: 'P1', Price: 99.5 })", true],
    [
      "k.trackViewedItem({ Title: 'Trail Shoe', ItemId: 'P1', Categories: ['Shoes'], ImageUrl: 'https://img.test/1.png', Url: 'https://shop.test/p/1', Metadata: { Brand: 'Acme', Price: 99.5, CompareAtPrice: 120 } }).then(() => JSON.parse(localStorage.getItem('__kl_viewed'))[0].ItemId)",
      'P1',
    ],
    ["k.identify({ $email: 'cat@x.test' }).then((r) => r.$email)", 'cat@x.test'],
    ['k.isIdentified()', true],
    ["new Promise((resolve) => k.push(['isIdentified', resolve]))", true],
    ["new Promise((resolve) => window._learnq.push(['account', resolve]))", ids.main.key],
    ["k.track('', {})", false],
  ]
  for (const [expr, expected] of rows) expect([expr, await call(page, expr)]).toEqual([expr, expected])
  await settle()
  // The same identity again (a theme identifying on every page) sends nothing.
  const before = sent.length
  await call(page, "k.identify({ $email: 'cat@x.test' })")
  await settle()
  expect(sent.slice(before)).toEqual([])
  const cat = await db.profile.findFirst({ where: { companyId: ids.main.id, email: 'cat@x.test' } })
  const checkout = await events(ids.main.id, 'Started Checkout')
  expect(checkout.map((e) => [e.profileId, e.value])).toEqual([[cat!.id, 12]])
  expect((await events(ids.main.id, 'Added to Cart')).map((e) => e.profileId)).toEqual([cat!.id])
  await context.close()
})

test('Active on Site once per browser session; the install ping once per session, recorded with the store origin', async () => {
  const before = (await events(ids.main.id, 'Active on Site')).length
  const pingsBefore =
    (
      await db.onsiteInstall.findUnique({
        where: { companyId_origin: { companyId: ids.main.id, origin: storeOrigin } },
      })
    )?.pings ?? 0
  const context = await browser.newContext()
  const first = await open(context, 'aos', ids.main.key)
  const second = await open(context, 'aos', ids.main.key)
  expect(first.sent.filter((s) => s === 'POST /onsite/ping')).toHaveLength(1)
  expect(second.sent).toEqual([])
  const other = await browser.newContext()
  await open(other, 'aos', ids.main.key)
  const aos = (await events(ids.main.id, 'Active on Site')).slice(before)
  expect(aos).toHaveLength(2)
  expect(JSON.parse(aos[0]!.properties).page).toBe(`${storeOrigin}/store/aos`)
  const install = await db.onsiteInstall.findUnique({
    where: { companyId_origin: { companyId: ids.main.id, origin: storeOrigin } },
  })
  expect(install!.pings).toBe(pingsBefore + 2)
  await Promise.all([context.close(), other.close()])
})

test('anonymous activity merges into the profile when the visitor identifies', async () => {
  const known = await db.profile.create({ data: { id: 'PDAN', companyId: ids.main.id, email: 'dan@x.test' } })
  const context = await browser.newContext()
  const { page, settle } = await open(context, 'merge', ids.main.key)
  await call(page, "k.track('Viewed Product', { ProductID: 'P2' })")
  await settle()
  const anonId = (await cookie(context))!.cid!
  const anon = await db.profile.findFirst({ where: { companyId: ids.main.id, anonymousId: anonId } })
  expect(anon).toMatchObject({ email: null })
  await call(page, "k.identify({ $email: 'dan@x.test' })")
  await settle()
  expect(await db.profile.findUnique({ where: { id: anon!.id } })).toBeNull()
  expect(await db.profile.findUnique({ where: { id: known.id } })).toMatchObject({ anonymousId: anonId })
  const viewed = (await events(ids.main.id, 'Viewed Product')).filter(
    (e) => JSON.parse(e.properties).ProductID === 'P2',
  )
  expect(viewed.map((e) => e.profileId)).toEqual([known.id])
  expect((await events(ids.main.id, 'Merged Profile')).some((e) => e.profileId === known.id)).toBe(true)
  await context.close()
})

test('a _kx link from our email identifies the visitor: the cookie keeps the exchange id, the profile gets the browser', async () => {
  await db.profile.create({ data: { id: 'PEVE', companyId: ids.main.id, email: 'eve@x.test' } })
  const kx = signExchangeToken({ companyId: ids.main.id, profileId: 'PEVE' })
  const context = await browser.newContext()
  const { page } = await open(context, 'kx', ids.main.key, '', `?utm_source=email&_kx=${encodeURIComponent(kx)}`)
  const c = (await cookie(context))!
  expect(c.$exchange_id).toBe(kx)
  expect(c).not.toHaveProperty('$email')
  expect(await call(page, 'k.isIdentified()')).toBe(true)
  expect(new URL(page.url()).search).toBe('?utm_source=email')
  expect(await db.profile.findUnique({ where: { id: 'PEVE' } })).toMatchObject({ anonymousId: c.cid })
  const aos = await events(ids.main.id, 'Active on Site')
  expect(aos.at(-1)!.profileId).toBe('PEVE')
  await context.close()
})

test('consent switch: nothing is sent and no cookie written until klaviyo.push(["consent", true])', async () => {
  const context = await browser.newContext()
  const { page, sent, settle } = await open(
    context,
    'consent',
    ids.consent.key,
    `window._learnq = [['identify', { $email: 'fay@x.test' }]];`,
  )
  expect(sent.filter((s) => s.startsWith('POST /client'))).toEqual([])
  expect(await call(page, "k.track('Viewed Product', { ProductID: 'P3' })")).toBe(false)
  expect(await cookie(context)).toBeNull()
  expect(await db.profile.count({ where: { companyId: ids.consent.id } })).toBe(0)
  await call(page, "k.push(['consent', true])")
  await settle()
  expect(await cookie(context)).toMatchObject({ $email: 'fay@x.test' })
  const fay = await db.profile.findFirst({ where: { companyId: ids.consent.id, email: 'fay@x.test' } })
  expect((await events(ids.consent.id, 'Active on Site')).map((e) => e.profileId)).toEqual([fay!.id])
  expect(await events(ids.consent.id, 'Viewed Product')).toEqual([])
  expect(await call(page, "k.track('Viewed Product', { ProductID: 'P3' })")).toBe(true)
  await context.close()
})

test('tracking off: nothing at all leaves the browser, not even the ping; no cookie', async () => {
  const context = await browser.newContext()
  const { page, sent, settle } = await open(
    context,
    'off',
    ids.off.key,
    `window._learnq = [['identify', { $email: 'gus@x.test' }], ['track', 'Viewed Product', {}]];`,
  )
  expect(await call(page, "(k.push(['consent', true]), k.track('Added to Cart', {}))")).toBe(false)
  await settle()
  expect(sent).toEqual([])
  expect(await cookie(context)).toBeNull()
  expect(await db.profile.count({ where: { companyId: ids.off.id } })).toBe(0)
  expect(await db.onsiteInstall.count({ where: { companyId: ids.off.id } })).toBe(0)
  await context.close()
})

test("the form editor's preview frame (data-klaviyo-preview) tracks nothing: no ping, no Active on Site, no cookie", async () => {
  const context = await browser.newContext()
  const { page, sent } = await open(
    context,
    'preview',
    ids.main.key,
    `window._learnq = [['track', 'Viewed Product', {}]];`,
    '',
    'data-klaviyo-preview="1"',
  )
  expect(await call(page, "k.track('Added to Cart', {})")).toBe(false)
  expect(sent).toEqual([])
  expect(await cookie(context)).toBeNull()
  await context.close()
})

test('an unknown company key: the script answers 200, warns in the console and sends nothing', async () => {
  const context = await browser.newContext()
  const { page, sent, warnings, settle } = await open(
    context,
    'unknown',
    'NOPE00',
    `window._learnq = [['identify', { $email: 'hal@x.test' }]];`,
  )
  // The warning is the script's answer to the key; whatever it would send, it sends then.
  await waitFor(() => warnings.some((w) => w.includes('"NOPE00" is not a valid company_id')), { timeout: 5_000 })
  await settle()
  expect(sent).toEqual([])
  expect(warnings.join('\n')).toContain('"NOPE00" is not a valid company_id')
  expect(await page.evaluate(() => Array.isArray((window as unknown as { _learnq: unknown })._learnq))).toBe(true)
  await context.close()
})

test('the script route: JavaScript, a short cache with an ETag (304 when it matches), settings inlined', async () => {
  const res = await fetch(`${server.url}/onsite/js/klaviyo.js?company_id=${ids.consent.key}`)
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toBe('application/javascript; charset=utf-8')
  expect(res.headers.get('cache-control')).toBe('public, max-age=300')
  const body = await res.text()
  expect(body).toContain('"requireConsent":true')
  expect(body).toContain(`"baseUrl":"${server.url}"`)
  const again = await fetch(`${server.url}/onsite/js/klaviyo.js?company_id=${ids.consent.key}`, {
    headers: { 'if-none-match': res.headers.get('etag')! },
  })
  expect(again.status).toBe(304)
  const unknown = await fetch(`${server.url}/onsite/js/klaviyo.js?company_id=NOPE00`)
  expect(unknown.status).toBe(200)
  expect(await unknown.text()).toMatch(/^console\.warn\(/)
})

test('the install ping: 204 with CORS for any origin; no usable Origin records nothing; an unknown key is a 400', async () => {
  await resetRateLimits()
  const post = (key: string, origin?: string) =>
    ping.POST(
      new Request(`http://127.0.0.1/onsite/ping?company_id=${key}`, {
        method: 'POST',
        headers: origin ? { origin } : {},
      }),
    )
  const ok = await post(ids.off.key, 'https://store.example')
  expect(ok.status).toBe(204)
  expect(ok.headers.get('access-control-allow-origin')).toBe('*')
  expect(await post(ids.off.key, 'null')).toHaveProperty('status', 204)
  expect(await post(ids.off.key)).toHaveProperty('status', 204)
  expect(
    (await db.onsiteInstall.findMany({ where: { companyId: ids.off.id } })).map((r) => [r.origin, r.pings]),
  ).toEqual([['https://store.example', 1]])
  expect(await post('NOPE00', 'https://store.example')).toHaveProperty('status', 400)
  const preflight = ping.OPTIONS(
    new Request('http://127.0.0.1/onsite/ping', { method: 'OPTIONS', headers: { origin: 'https://store.example' } }),
  )
  expect(preflight.status).toBe(204)
})
