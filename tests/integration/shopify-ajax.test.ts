/** @jest-environment node */
// The Shopify screen's /ajax against the local stand-in: connect (a refused token → 400 with the
// field error; then connected with webhooks), status, test connection, start a sync and read its
// progress, settings, disconnect; an Analyst reads but cannot write; another account sees nothing.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
import { ajaxRequest, makeCompany, makeUser, signIn } from '../helpers/factory'
import { runJobsUntilIdle } from '@/lib/jobs/queue'
import * as status from '@/app/ajax/integrations/shopify/route'
import * as connect from '@/app/ajax/integrations/shopify/connect/route'
import * as testRoute from '@/app/ajax/integrations/shopify/test/route'
import * as sync from '@/app/ajax/integrations/shopify/sync/route'
import * as settings from '@/app/ajax/integrations/shopify/settings/route'
import * as disconnect from '@/app/ajax/integrations/shopify/disconnect/route'
import * as push from '@/app/ajax/integrations/shopify/coupons/[couponId]/push/route'
import { createCode, createCoupon } from '@/lib/coupons/store'
import { params } from '../helpers/factory'
import { startShopifyStandIn, type ShopifyStandIn } from '../helpers/shopify-standin'

let standin: ShopifyStandIn
let A: number, ownerA: string, analystA: string, ownerB: string
beforeAll(async () => {
  standin = await startShopifyStandIn({
    shop: 'ajax-test.myshopify.com',
    accessToken: 'shpat_ajax',
    orders: 30,
    customers: 10,
    products: 5,
  })
  process.env.SHOPIFY_API_BASE_URL = standin.apiBase
  A = (await makeCompany('Shop A')).id
  const B = (await makeCompany('Shop B')).id
  ownerA = await signIn((await makeUser({ companyId: A, role: 'owner' })).id, A)
  analystA = await signIn((await makeUser({ companyId: A, role: 'analyst' })).id, A)
  ownerB = await signIn((await makeUser({ companyId: B, role: 'owner' })).id, B)
})
afterAll(() => standin.close())

const json = async (r: Response) => ({ status: r.status, body: await r.json() })
const post = (mod: { POST: (r: Request) => Promise<Response> }, path: string, cookie: string, body: unknown = {}) =>
  mod.POST(ajaxRequest(path, { method: 'POST', cookie, body })).then(json)
const getStatus = (cookie: string) => status.GET(ajaxRequest('/ajax/integrations/shopify', { cookie })).then(json)

test('connect, status, test, sync with progress, settings, disconnect; analysts read only; other accounts see nothing', async () => {
  expect((await getStatus(ownerA)).body).toMatchObject({ connected: false, connection: null })

  const bad = await post(connect, '/ajax/integrations/shopify/connect', ownerA, {
    shop: 'ajax-test',
    access_token: 'wrong',
    client_secret: 's',
  })
  expect(bad.status).toBe(400)
  expect(Object.keys(bad.body.fieldErrors)).toEqual(['accessToken'])
  const empty = await post(connect, '/ajax/integrations/shopify/connect', ownerA, {})
  expect(empty.status).toBe(400)
  expect(Object.keys(empty.body.fieldErrors).sort()).toEqual(['accessToken', 'clientSecret', 'shop'])
  expect(
    (
      await post(connect, '/ajax/integrations/shopify/connect', analystA, {
        shop: 'ajax-test',
        access_token: 'shpat_ajax',
        client_secret: 's',
      })
    ).status,
  ).toBe(403)

  const ok = await post(connect, '/ajax/integrations/shopify/connect', ownerA, {
    shop: 'ajax-test',
    access_token: 'shpat_ajax',
    client_secret: 'sec',
  })
  expect(ok.status).toBe(200)
  expect(ok.body.connection).toMatchObject({
    shop: 'ajax-test.myshopify.com',
    status: 'connected',
    webhooksRegistered: 15,
    webhooksExpected: 15,
    settings: { writeBackConsent: true, pushCoupons: true },
  })
  expect(JSON.stringify(ok.body)).not.toContain('shpat_ajax')
  expect((await getStatus(ownerB)).body).toMatchObject({ connected: false })
  expect((await getStatus(analystA)).body.connected).toBe(true)

  expect((await post(testRoute, '/ajax/integrations/shopify/test', ownerA)).body).toEqual({
    ok: true,
    message: 'Stand-in Shop',
  })

  expect((await post(sync, '/ajax/integrations/shopify/sync', ownerA, { days: 0 })).status).toBe(400)
  const started = await post(sync, '/ajax/integrations/shopify/sync', ownerA, { days: 60 })
  expect(started.body.sync).toMatchObject({ running: true })
  expect(started.body.sync.resources.map((r: { resource: string }) => r.resource)).toEqual([
    'products',
    'customers',
    'orders',
  ])
  expect((await post(sync, '/ajax/integrations/shopify/sync', ownerA, { days: 60 })).status).toBe(400)
  await runJobsUntilIdle()
  const done = (await getStatus(ownerA)).body
  expect(done.sync.running).toBe(false)
  expect(done.sync.resources.find((r: { resource: string }) => r.resource === 'orders')).toMatchObject({
    status: 'complete',
    processed: 30,
    total: 30,
  })
  expect(done.connection.lastSyncAt).toBeTruthy()

  const patch = (cookie: string, body: unknown) =>
    settings.PATCH(ajaxRequest('/ajax/integrations/shopify/settings', { method: 'PATCH', cookie, body })).then(json)
  expect((await patch(ownerA, { write_back_consent: false })).body.connection.settings).toEqual({
    writeBackConsent: false,
    pushCoupons: true,
    syncDays: 60,
  })
  expect((await patch(ownerA, { write_back_consent: 'yes' })).status).toBe(400)
  expect((await patch(ownerA, { other: true })).status).toBe(400)
  expect((await patch(ownerB, { push_coupons: false })).status).toBe(404)

  // Coupon push from the coupon screen, by the coupon's id.
  const coupon = await createCoupon(A, { externalId: 'WELCOME', integrationKey: 'shopify' })
  await createCode(A, 'WELCOME', { code: 'WELCOME-1' })
  const pushUrl = `/ajax/integrations/shopify/coupons/${coupon.id}/push`
  const pushed = await push
    .POST(
      ajaxRequest(pushUrl, { method: 'POST', cookie: ownerA, body: { kind: 'fixed_amount', value: 5 } }),
      params({ couponId: coupon.id }),
    )
    .then(json)
  expect(pushed.status).toBe(202)
  expect(
    (
      await push.POST(
        ajaxRequest(pushUrl, { method: 'POST', cookie: ownerA, body: { kind: 'other', value: 5 } }),
        params({ couponId: coupon.id }),
      )
    ).status,
  ).toBe(400)
  expect(
    (
      await push.POST(
        ajaxRequest(pushUrl, { method: 'POST', cookie: ownerB, body: { kind: 'percentage', value: 5 } }),
        params({ couponId: coupon.id }),
      )
    ).status,
  ).toBe(404)
  await runJobsUntilIdle()
  expect(standin.discounts.find((d) => d.code === 'WELCOME-1')).toMatchObject({
    customerGets: { value: { discountAmount: { amount: '5.00', appliesOnEachItem: false } } },
  })

  expect((await post(disconnect, '/ajax/integrations/shopify/disconnect', ownerB)).status).toBe(404)
  expect((await post(disconnect, '/ajax/integrations/shopify/disconnect', analystA)).status).toBe(403)
  expect((await post(disconnect, '/ajax/integrations/shopify/disconnect', ownerA)).body).toMatchObject({
    connected: false,
  })
})
