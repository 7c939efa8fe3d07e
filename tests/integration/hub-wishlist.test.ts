/** @jest-environment node */
// The wishlist in the customer hub (issue 24 §2): the signed-in shopper's own Added to Wishlist
// products, newest first, one per product, with the catalog's title, image, price (in the
// company's currency) and link, the event's when the catalog lacks the product; only web links
// and images reach the page. Removing one takes it off (a later Added to Wishlist brings it
// back); another shopper's product id is a 404 and changes nothing; no session is a 401; the
// extension switched off is a 404. Real hub routes and session, real SQLite.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)

import { db } from '@/lib/db/client'
import { inWriteTx } from '@/lib/db/ops'
import { createItemOps } from '@/lib/catalog/store/items'
import { prepareCatalogWrite } from '@/lib/catalog/store/run-write'
import { ingestEvents } from '@/lib/events/ingest-events'
import { resetRateLimits } from '@/lib/api/rate-limit'
import { setMailer, type MailMessage } from '@/lib/mail/mailer'
import { isStoreImagePagePath, pageCsp } from '@/lib/http/security-headers'
import * as codeRoute from '@/app/hub/[publicKey]/code/route'
import * as sessionRoute from '@/app/hub/[publicKey]/session/route'
import * as wishlistRoute from '@/app/hub/[publicKey]/wishlist/route'
import * as itemRoute from '@/app/hub/[publicKey]/wishlist/[productId]/route'
import * as pageRoute from '@/app/hub/[publicKey]/route'
import { makeCompany, params } from '../helpers/factory'

const APP = 'https://app.example.test'
const sent: MailMessage[] = []
beforeAll(() => setMailer({ send: async (m) => void sent.push(m) }))
afterAll(() => setMailer(null))
beforeEach(async () => {
  await resetRateLimits()
})

let ip = 0
function call(
  route: { [m: string]: unknown },
  method: string,
  key: string,
  path: string,
  opts: { cookie?: string; body?: unknown; productId?: string } = {},
) {
  const headers: Record<string, string> = { 'x-client-ip': `10.9.0.${++ip % 250}` }
  if (opts.body !== undefined) headers['content-type'] = 'application/json'
  if (opts.cookie) headers.cookie = opts.cookie
  const req = new Request(`${APP}/hub/${key}/${path}`, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  })
  const p: Record<string, string> =
    opts.productId === undefined ? { publicKey: key } : { publicKey: key, productId: opts.productId }
  return (route[method] as (r: Request, c: unknown) => Promise<Response>)(req, params(p))
}

async function signInAs(key: string, email: string) {
  expect((await call(codeRoute, 'POST', key, 'code', { body: { email } })).status).toBe(202)
  const code =
    sent
      .filter((m) => m.to === email)
      .pop()
      ?.text.match(/ is (\d{6})\./)?.[1] ?? ''
  const res = await call(sessionRoute, 'POST', key, 'session', { body: { email, code } })
  expect(res.status).toBe(200)
  return res.headers.get('set-cookie')!.split(';')[0]!
}

const wished = (email: string, props: Record<string, unknown>, minutesAgo: number) => ({
  metric: { name: 'Added to Wishlist' },
  profile: { email },
  properties: props,
  time: new Date(Date.now() - minutesAgo * 60_000),
})

let co: Awaited<ReturnType<typeof makeCompany>>
let other: Awaited<ReturnType<typeof makeCompany>>
let cookieA: string
let cookieB: string
const A = 'ann@example.test'
const B = 'bob@example.test'

beforeAll(async () => {
  await prepareCatalogWrite()
  co = await makeCompany('Wish shop')
  other = await makeCompany('Other shop')
  await db.company.update({ where: { id: co.id }, data: { currency: 'EUR' } })
  for (const c of [co, other])
    await db.hubSettings.create({
      data: { companyId: c.id, enabled: true, content: JSON.stringify({ extensions: { wishlist: true } }) },
    })
  await inWriteTx(() =>
    createItemOps(
      co.id,
      {
        externalId: 'P1',
        title: 'Mug',
        description: 'd',
        url: 'https://shop.test/p1',
        price: 12.5,
        imageThumbnailUrl: 'https://cdn.shop.test/p1.jpg',
      },
      new Date(),
    ),
  )
  await ingestEvents(co.id, [
    wished(A, { ProductID: 'P1', ProductName: 'old name' }, 30),
    wished(
      A,
      {
        ProductID: 'P2',
        ProductName: '<b>Lamp</b>',
        ImageURL: 'javascript:alert(1)',
        URL: 'https://shop.test/p2',
        Price: 30,
      },
      20,
    ),
    wished(A, { ProductID: 'P1', ProductName: 'Mug' }, 10),
    wished(B, { ProductID: 'P3', ProductName: 'Bob only' }, 5),
  ])
  cookieA = await signInAs(co.publicApiKey, A)
  cookieB = await signInAs(co.publicApiKey, B)
})

const list = async (cookie: string) => {
  const res = await call(wishlistRoute, 'GET', co.publicApiKey, 'wishlist', { cookie })
  return { status: res.status, json: await res.json() }
}

test("the shopper's own list: newest first, one per product, catalog first, company currency, web links only", async () => {
  const r = await list(cookieA)
  expect(r.status).toBe(200)
  expect(r.json.products).toEqual([
    expect.objectContaining({
      productId: 'P1',
      name: 'Mug',
      url: 'https://shop.test/p1',
      imageUrl: 'https://cdn.shop.test/p1.jpg',
      price: 12.5,
      currency: 'EUR',
    }),
    expect.objectContaining({
      productId: 'P2',
      name: '<b>Lamp</b>',
      url: 'https://shop.test/p2',
      imageUrl: null,
      price: 30,
      currency: 'EUR',
    }),
  ])
  expect((await list(cookieB)).json.products.map((p: { productId: string }) => p.productId)).toEqual(['P3'])
})

test("another shopper's product id is a 404 and changes nothing; no session 401; another company's hub 401", async () => {
  const res = await call(itemRoute, 'DELETE', co.publicApiKey, 'wishlist/P3', { cookie: cookieA, productId: 'P3' })
  expect(res.status).toBe(404)
  expect(await db.hubWishlistRemoval.count()).toBe(0)
  expect((await list(cookieB)).json.products).toHaveLength(1)
  expect((await call(wishlistRoute, 'GET', co.publicApiKey, 'wishlist')).status).toBe(401)
  expect((await call(itemRoute, 'DELETE', co.publicApiKey, 'wishlist/P1', { productId: 'P1' })).status).toBe(401)
  expect((await call(wishlistRoute, 'GET', other.publicApiKey, 'wishlist', { cookie: cookieA })).status).toBe(401)
})

test('remove: off the list, the events kept; added again later, back on it', async () => {
  const res = await call(itemRoute, 'DELETE', co.publicApiKey, 'wishlist/P1', { cookie: cookieA, productId: 'P1' })
  expect(res.status).toBe(200)
  expect((await list(cookieA)).json.products.map((p: { productId: string }) => p.productId)).toEqual(['P2'])
  // removing it twice: it is no longer on the list
  expect(
    (await call(itemRoute, 'DELETE', co.publicApiKey, 'wishlist/P1', { cookie: cookieA, productId: 'P1' })).status,
  ).toBe(404)
  // the removal was a minute ago; the shopper adds it again now
  await db.hubWishlistRemoval.updateMany({ data: { removedAt: new Date(Date.now() - 60_000) } })
  await ingestEvents(co.id, [wished(A, { ProductID: 'P1' }, 0)])
  expect((await list(cookieA)).json.products.map((p: { productId: string }) => p.productId)).toEqual(['P1', 'P2'])
})

test('the page shows the wishlist only when the extension is on, and lets it show store images', async () => {
  const html = await (await call(pageRoute, 'GET', co.publicApiKey, '')).text()
  expect(html).toContain('id="wishlist"')
  expect(html).toContain('Your wishlist')
  expect(html).toContain('"wishlist":true')
  expect(isStoreImagePagePath(`/hub/${co.publicApiKey}`)).toBe(true)
  expect(isStoreImagePagePath(`/hub/${co.publicApiKey}/wishlist`)).toBe(false)
  expect(pageCsp('n', false, "'none'", true)).toContain("img-src 'self' data: blob: https:")
  expect(pageCsp('n', false)).toContain("img-src 'self' data: blob:;")

  await db.hubSettings.update({
    where: { companyId: co.id },
    data: { content: JSON.stringify({ extensions: { wishlist: false } }) },
  })
  expect((await list(cookieA)).status).toBe(404)
  const off = await (await call(pageRoute, 'GET', co.publicApiKey, '')).text()
  expect(off).toContain('"wishlist":false')
})
