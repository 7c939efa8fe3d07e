/** @jest-environment node */
// Connecting a WooCommerce store and its historical sync against the local REST stand-in, through
// the real job queue: the keys checked (a refusal is a field error, nothing stored), the seven
// webhooks registered at our address with the connection's secret, products, customers and the
// window's orders in pages (X-WP-TotalPages), a store failing at the third orders page and the
// sync resumed from the stored page number with exact totals and one Placed Order per order.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
import { db } from '@/lib/db/client'
import { runJobsUntilIdle } from '@/lib/jobs/queue'
import { setQueueClock } from '@/lib/jobs/clock'
import { connectionCredentials, disconnectConnection } from '@/lib/integrations/connections'
import { connectWooStore } from '@/lib/integrations/woocommerce/connect'
import { startWooSync } from '@/lib/integrations/woocommerce/sync/start-sync'
import { runWooSyncPage } from '@/lib/integrations/woocommerce/sync/run-sync-page'
import { startWooStandIn, type WooStandIn } from '../helpers/woocommerce-standin'
import { makeCompany } from '../helpers/factory'

const NOW = new Date()
let standin: WooStandIn
beforeAll(async () => {
  // 320 orders over 40 days (about 240 in the last 30), 30 customers, 12 products.
  standin = await startWooStandIn({
    consumerKey: 'ck_sync',
    consumerSecret: 'cs_sync',
    orders: 320,
    customers: 30,
    products: 12,
    spreadDays: 40,
    now: NOW,
  })
  process.env.WOOCOMMERCE_API_BASE_URL = standin.apiBase
})
afterAll(() => {
  setQueueClock(null)
  return standin.close()
})
afterEach(() => {
  standin.failWhen = null
  setQueueClock(null)
})

const STORE = 'https://woo.example'
async function connect() {
  const companyId = (await makeCompany()).id
  for (const c of await db.integration.findMany({ where: { key: 'woocommerce', externalKey: STORE } }))
    await disconnectConnection(c.companyId, c.id)
  const conn = await connectWooStore(companyId, null, {
    storeUrl: 'woo.example/',
    consumerKey: 'ck_sync',
    consumerSecret: 'cs_sync',
  })
  return { companyId, conn }
}
const PLACED = new Set(['processing', 'on-hold', 'completed', 'refunded'])
const inWindow = () =>
  standin.orders.filter((o) => Date.parse(`${String(o.date_created_gmt)}Z`) > NOW.getTime() - 30 * 86_400_000)

test('connect: wrong keys are a field error and store nothing; right keys store the store sealed and register the seven webhooks with its secret', async () => {
  const companyId = (await makeCompany()).id
  await expect(
    connectWooStore(companyId, null, { storeUrl: STORE, consumerKey: 'ck_sync', consumerSecret: 'nope' }),
  ).rejects.toMatchObject({ status: 400, fieldErrors: { consumerKey: [expect.any(String)] } })
  await expect(
    connectWooStore(companyId, null, { storeUrl: 'ftp://x', consumerKey: 'a', consumerSecret: 'b' }),
  ).rejects.toMatchObject({ status: 400, fieldErrors: { storeUrl: [expect.any(String)] } })
  expect(await db.integration.count({ where: { companyId } })).toBe(0)

  // Typed as http://www.…, keyed by the home URL WooCommerce reports (what its webhooks carry).
  const typed = await connectWooStore(companyId, null, {
    storeUrl: 'http://www.woo.example/shop',
    consumerKey: 'ck_sync',
    consumerSecret: 'cs_sync',
  })
  expect(typed.externalKey).toBe(STORE)
  await disconnectConnection(companyId, typed.id)
  const { companyId: c2, conn } = await connect()
  expect(conn).toMatchObject({ key: 'woocommerce', externalKey: STORE, status: 'connected', lastError: null })
  expect(conn.webhooks.map((w) => w.topic).sort()).toEqual([
    'customer.created',
    'customer.updated',
    'order.created',
    'order.updated',
    'product.created',
    'product.deleted',
    'product.updated',
  ])
  const row = (await db.integration.findFirst({ where: { id: conn.id } }))!
  expect(row.credentials).not.toContain('cs_sync')
  const creds = (await connectionCredentials(c2, conn.id))!
  const ours = standin.webhooks.filter((w) => String(w.delivery_url).endsWith('/webhooks/woocommerce'))
  expect(ours.length).toBeGreaterThanOrEqual(7)
  expect(new Set(ours.map((w) => w.secret))).toEqual(new Set([creds.webhookSecret]))
  // A reconnect keeps the secret and registers nothing twice.
  const before = standin.webhooks.length
  await connectWooStore(c2, null, { storeUrl: STORE, consumerKey: 'ck_sync', consumerSecret: 'cs_sync' })
  expect(standin.webhooks.length).toBe(before)
  expect((await connectionCredentials(c2, conn.id))!.webhookSecret).toBe(creds.webhookSecret)
  // After a disconnect (the secret forgotten) a new connect gives the store's webhooks the new secret.
  await disconnectConnection(c2, conn.id)
  await connectWooStore(c2, null, { storeUrl: STORE, consumerKey: 'ck_sync', consumerSecret: 'cs_sync' })
  const fresh = (await connectionCredentials(c2, conn.id))!.webhookSecret
  expect(fresh).not.toBe(creds.webhookSecret)
  expect(standin.webhooks.length).toBe(before)
  expect(
    new Set(
      standin.webhooks.filter((w) => String(w.delivery_url).endsWith('/webhooks/woocommerce')).map((w) => w.secret),
    ),
  ).toEqual(new Set([fresh]))
})

test('a sync failing at the third orders page resumes from the stored page: totals exact, one Placed Order per placed order, original times', async () => {
  const { companyId } = await connect()
  const expected = inWindow()
  const placed = expected.filter((o) => PLACED.has(String(o.status)))
  expect(expected.length).toBeGreaterThan(200)
  standin.failWhen = (path, q) => (path === '/orders' && Number(q.page) >= 3 ? 503 : null)
  await startWooSync(companyId, { days: 30 }, NOW)
  // The failing page's job retries with backoff: run what is due now only.
  await runJobsUntilIdle()

  let [products, customers, orders] = await db.integrationSync.findMany({
    where: { companyId },
    orderBy: { createdAt: 'asc' },
  })
  expect(products).toMatchObject({ resource: 'products', status: 'complete', processed: 12, total: 12 })
  expect(customers).toMatchObject({ resource: 'customers', status: 'complete', processed: 30 })
  expect(orders).toMatchObject({
    resource: 'orders',
    status: 'running',
    processed: 200,
    total: expected.length,
    cursor: '3',
  })
  const firstPages = expected.slice(0, 200).filter((o) => PLACED.has(String(o.status))).length
  expect(await db.event.count({ where: { companyId, metric: { name: 'Placed Order' } } })).toBe(firstPages)

  // The store is back; a restart runs the page job again from the stored page number.
  standin.failWhen = null
  await runWooSyncPage({ companyId, syncId: orders!.id })
  await runJobsUntilIdle()
  ;[products, customers, orders] = await db.integrationSync.findMany({
    where: { companyId },
    orderBy: { createdAt: 'asc' },
  })
  expect(orders).toMatchObject({ status: 'complete', processed: expected.length, total: expected.length })
  const events = await db.event.findMany({
    where: { companyId, metric: { name: 'Placed Order' } },
    select: { uniqueId: true, ts: true },
  })
  expect(events.map((e) => e.uniqueId).sort()).toEqual(placed.map((o) => String(o.id)).sort())
  const first = placed[0]!
  expect(events.find((e) => e.uniqueId === String(first.id))!.ts).toBe(
    Date.parse(`${String(first.date_created_gmt)}Z`) / 1000,
  )
  const fulfilled = await db.event.count({ where: { companyId, metric: { name: 'Fulfilled Order' } } })
  expect(fulfilled).toBe(expected.filter((o) => o.status === 'completed').length)
  expect(await db.event.count({ where: { companyId, metric: { name: 'Refunded Order' } } })).toBe(
    expected.filter((o) => o.status === 'refunded').length,
  )
  expect(await db.catalogItem.count({ where: { companyId } })).toBe(12)
  // A variable product's variations are fetched: one catalog variant each, with its own stock.
  const variable = (await db.catalogItem.findFirst({ where: { companyId, externalId: '103' } }))!
  expect(
    (await db.catalogVariant.findMany({ where: { companyId, itemId: variable.id }, orderBy: { sku: 'asc' } })).map(
      (v) => [v.externalId, v.sku, v.inventoryQuantity],
    ),
  ).toEqual([
    ['10302', 'SKU-103-M', 1],
    ['10301', 'SKU-103-S', 0],
  ])
  expect(await db.profile.count({ where: { companyId, email: { endsWith: '@woo.example' } } })).toBe(30)
  expect((await db.integration.findFirst({ where: { companyId } }))!).toMatchObject({ status: 'connected' })

  // Running a finished page again writes nothing.
  await runWooSyncPage({ companyId, syncId: orders!.id })
  expect(await db.event.count({ where: { companyId, metric: { name: 'Placed Order' } } })).toBe(placed.length)
})

test('company isolation: a sync reads and writes only its own company', async () => {
  const { companyId } = await connect()
  const other = (await makeCompany()).id
  await startWooSync(companyId, { days: 5 }, NOW)
  await runJobsUntilIdle()
  expect(await db.event.count({ where: { companyId: other } })).toBe(0)
  expect(await db.integrationSync.count({ where: { companyId: other } })).toBe(0)
  const sync = (await db.integrationSync.findFirst({ where: { companyId } }))!
  // Another company naming this sync id reaches nothing.
  expect(await runWooSyncPage({ companyId: other, syncId: sync.id })).toBe(false)
  await expect(startWooSync(other, { days: 5 }, NOW)).rejects.toMatchObject({ status: 404 })
})
