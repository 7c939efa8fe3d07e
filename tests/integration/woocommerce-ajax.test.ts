/** @jest-environment node */
// The WooCommerce screen's /ajax against the local REST stand-in: connect (refused keys → 400 with
// the field error; empty body → every field named), status without secrets, a sync with its
// progress, disconnect (later webhooks get 401); an Analyst reads but cannot write; another
// account sees nothing and cannot disconnect it.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
import { ajaxRequest, makeCompany, makeUser, signIn } from '../helpers/factory'
import { runJobsUntilIdle } from '@/lib/jobs/queue'
import { db } from '@/lib/db/client'
import * as status from '@/app/ajax/integrations/woocommerce/route'
import * as connect from '@/app/ajax/integrations/woocommerce/connect/route'
import * as sync from '@/app/ajax/integrations/woocommerce/sync/route'
import * as disconnect from '@/app/ajax/integrations/woocommerce/disconnect/route'
import { POST as webhook } from '@/app/webhooks/woocommerce/route'
import { wooSignature } from '@/lib/integrations/woocommerce/webhooks/verify-signature'
import { startWooStandIn, type WooStandIn } from '../helpers/woocommerce-standin'

let standin: WooStandIn
let ownerA: string, analystA: string, ownerB: string
beforeAll(async () => {
  standin = await startWooStandIn({
    consumerKey: 'ck_ajax',
    consumerSecret: 'cs_ajax',
    homeUrl: 'https://woo-ajax.example/',
    orders: 30,
    customers: 10,
    products: 5,
    spreadDays: 20,
  })
  process.env.WOOCOMMERCE_API_BASE_URL = standin.apiBase
  const A = (await makeCompany('Store A')).id
  const B = (await makeCompany('Store B')).id
  ownerA = await signIn((await makeUser({ companyId: A, role: 'owner' })).id, A)
  analystA = await signIn((await makeUser({ companyId: A, role: 'analyst' })).id, A)
  ownerB = await signIn((await makeUser({ companyId: B, role: 'owner' })).id, B)
})
afterAll(() => standin.close())

const json = async (r: Response) => ({ status: r.status, body: await r.json() })
const post = (mod: { POST: (r: Request) => Promise<Response> }, path: string, cookie: string, body: unknown = {}) =>
  mod.POST(ajaxRequest(path, { method: 'POST', cookie, body })).then(json)
const getStatus = (cookie: string) => status.GET(ajaxRequest('/ajax/integrations/woocommerce', { cookie })).then(json)

test('connect, status, sync with progress, disconnect; analysts read only; other accounts see nothing', async () => {
  expect((await getStatus(ownerA)).body).toMatchObject({ connected: false, connection: null })
  const bad = await post(connect, '/ajax/integrations/woocommerce/connect', ownerA, {
    store_url: 'https://woo-ajax.example',
    consumer_key: 'ck_ajax',
    consumer_secret: 'wrong',
  })
  expect(bad.status).toBe(400)
  expect(Object.keys(bad.body.fieldErrors)).toEqual(['consumerKey'])
  const empty = await post(connect, '/ajax/integrations/woocommerce/connect', ownerA, {})
  expect(empty.status).toBe(400)
  expect(Object.keys(empty.body.fieldErrors).sort()).toEqual(['consumerKey', 'consumerSecret', 'storeUrl'])
  const body = { store_url: 'https://woo-ajax.example/', consumer_key: 'ck_ajax', consumer_secret: 'cs_ajax' }
  expect((await post(connect, '/ajax/integrations/woocommerce/connect', analystA, body)).status).toBe(403)

  const ok = await post(connect, '/ajax/integrations/woocommerce/connect', ownerA, body)
  expect(ok.status).toBe(200)
  expect(ok.body.connection).toMatchObject({
    store: 'https://woo-ajax.example',
    status: 'connected',
    webhooksRegistered: 7,
    webhooksExpected: 7,
  })
  expect(JSON.stringify(ok.body)).not.toMatch(/cs_ajax|ck_ajax/)
  expect((await getStatus(analystA)).body.connected).toBe(true)
  expect((await getStatus(ownerB)).body).toMatchObject({ connected: false })

  expect(
    (await post(sync, '/ajax/integrations/woocommerce/sync', ownerA, { days: 0 })).body.fieldErrors,
  ).toHaveProperty('days')
  expect((await post(sync, '/ajax/integrations/woocommerce/sync', analystA, { days: 30 })).status).toBe(403)
  expect((await post(sync, '/ajax/integrations/woocommerce/sync', ownerB, { days: 30 })).status).toBe(404)
  const started = await post(sync, '/ajax/integrations/woocommerce/sync', ownerA, { days: 30 })
  expect(started.body.sync.running).toBe(true)
  await runJobsUntilIdle()
  const done = (await getStatus(ownerA)).body
  expect(done.sync).toMatchObject({ running: false })
  expect(
    done.sync.resources.map((r: { resource: string; status: string; processed: number }) => [
      r.resource,
      r.status,
      r.processed,
    ]),
  ).toEqual([
    ['products', 'complete', 5],
    ['customers', 'complete', 10],
    ['orders', 'complete', 30],
  ])
  expect(done.connection.lastSyncAt).not.toBeNull()

  // product.updated of a variable product: its variations are fetched with the stored keys.
  const secret0 = standin.webhooks[0]!.secret as string
  const product = JSON.stringify(standin.products[3])
  const fetched = () => standin.requests.filter((r) => r.path === '/products/103/variations').length
  const before = fetched()
  const res = await webhook(
    new Request('http://localhost/webhooks/woocommerce', {
      method: 'POST',
      body: product,
      headers: {
        'x-wc-webhook-source': 'https://woo-ajax.example/',
        'x-wc-webhook-topic': 'product.updated',
        'x-wc-webhook-delivery-id': 'p-103',
        'x-wc-webhook-signature': wooSignature(secret0, product),
      },
    }),
  )
  expect(res.status).toBe(200)
  await runJobsUntilIdle()
  expect(fetched()).toBe(before + 1)
  const { companyId: A } = (await db.integration.findFirst({
    where: { key: 'woocommerce', externalKey: 'https://woo-ajax.example' },
  }))!
  const item = (await db.catalogItem.findFirst({ where: { companyId: A, externalId: '103' } }))!
  expect(
    (
      await db.catalogVariant.findMany({
        where: { companyId: item.companyId, itemId: item.id },
        orderBy: { sku: 'asc' },
      })
    ).map((v) => v.sku),
  ).toEqual(['SKU-103-M', 'SKU-103-S'])

  expect((await post(disconnect, '/ajax/integrations/woocommerce/disconnect', ownerB)).status).toBe(404)
  expect((await post(disconnect, '/ajax/integrations/woocommerce/disconnect', analystA)).status).toBe(403)
  const secret = standin.webhooks[0]!.secret as string
  const gone = await post(disconnect, '/ajax/integrations/woocommerce/disconnect', ownerA)
  expect(gone.body).toMatchObject({ connected: false })
  const payload = JSON.stringify({ id: 1, status: 'processing' })
  const late = await webhook(
    new Request('http://localhost/webhooks/woocommerce', {
      method: 'POST',
      body: payload,
      headers: {
        'x-wc-webhook-source': 'https://woo-ajax.example/',
        'x-wc-webhook-topic': 'order.created',
        'x-wc-webhook-signature': wooSignature(secret, payload),
      },
    }),
  )
  expect(late.status).toBe(401)
})
