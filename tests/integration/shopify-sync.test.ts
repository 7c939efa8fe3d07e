/** @jest-environment node */
// The historical sync against the local Shopify stand-in, through the real job queue: products,
// customers and orders of the window in cursor pages, the cost-based throttle honoured (THROTTLED
// answers waited out, never a failed page), progress in IntegrationSync after every page, a crash
// after the second orders page resumed from the stored cursor with exact totals, and no order ever
// becoming a second Placed Order (a rerun, a replayed page). Original order times kept.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
import { db } from '@/lib/db/client'
import { runJobsUntilIdle } from '@/lib/jobs/queue'
import { setQueueClock } from '@/lib/jobs/clock'
import { disconnectConnection, saveConnection } from '@/lib/integrations/connections'
import { createShopifyClient } from '@/lib/integrations/shopify/admin-api'
import { startHistoricalSync } from '@/lib/integrations/shopify/sync/start-sync'
import { runSyncPage } from '@/lib/integrations/shopify/sync/run-sync-page'
import { startShopifyStandIn, type ShopifyStandIn } from '../helpers/shopify-standin'
import { makeCompany } from '../helpers/factory'

const NOW = new Date()
let standin: ShopifyStandIn
beforeAll(async () => {
  // Pages of 25 (the stand-in has no per-query cost cap): page 3 is after 50 orders.
  process.env.SHOPIFY_SYNC_PAGE_SIZE = '25'
  // 130 orders over 40 days (the last 30 days hold 97 of them), 30 customers, 12 products.
  standin = await startShopifyStandIn({
    shop: 'sync-test.myshopify.com',
    accessToken: 'shpat_sync',
    orders: 130,
    customers: 30,
    products: 12,
    spreadDays: 40,
    now: NOW,
    bucket: { maximumAvailable: 400, restoreRate: 4000 },
  })
  process.env.SHOPIFY_API_BASE_URL = standin.apiBase
})
afterAll(() => {
  delete process.env.SHOPIFY_SYNC_PAGE_SIZE
  setQueueClock(null)
  return standin.close()
})
afterEach(() => {
  standin.failWhen = null
  setQueueClock(null)
})

async function connect() {
  const companyId = (await makeCompany()).id
  // One stand-in shop: the previous test's account lets it go first.
  for (const c of await db.integration.findMany({ where: { externalKey: 'sync-test.myshopify.com' } }))
    await disconnectConnection(c.companyId, c.id)
  const conn = await saveConnection({
    companyId,
    key: 'shopify',
    externalKey: `sync-test.myshopify.com`,
    credentials: { accessToken: 'shpat_sync', clientSecret: 's' },
  })
  return { companyId, conn }
}
const inWindow = () => standin.orders.filter((o) => Date.parse(String(o.createdAt)) >= NOW.getTime() - 30 * 86_400_000)
const placed = (companyId: number) =>
  db.event.findMany({
    where: { companyId, metric: { name: 'Placed Order' } },
    select: { uniqueId: true, ts: true, value: true },
  })
const syncs = (companyId: number) =>
  db.integrationSync.findMany({ where: { companyId }, orderBy: { createdAt: 'asc' } })

test('a sync after a crash at the third orders page resumes from the cursor: totals exact, one Placed Order per order, original times', async () => {
  const { companyId, conn } = await connect()
  const expected = inWindow()
  expect(expected.length).toBeGreaterThan(75)
  let orderPages = 0
  standin.failWhen = (fields) => (fields.includes('orders') && ++orderPages > 2 ? 503 : null)
  await startHistoricalSync(companyId, { days: 30 }, NOW)
  await runJobsUntilIdle()

  let [products, customers, orders] = await syncs(companyId)
  expect(products).toMatchObject({ resource: 'products', status: 'complete', processed: 12, total: 12 })
  expect(customers).toMatchObject({ resource: 'customers', status: 'complete' })
  expect(orders).toMatchObject({ resource: 'orders', status: 'running', processed: 50, total: expected.length })
  expect(orders!.cursor).toBeTruthy()
  expect(await db.event.count({ where: { companyId, metric: { name: 'Placed Order' } } })).toBe(50)
  expect((await db.integration.findUniqueOrThrow({ where: { id: conn.id } })).status).toBe('syncing')

  // The restart: Shopify answers again and the retried job (after its backoff) carries on.
  standin.failWhen = null
  const resumedFrom = standin.calls.length
  setQueueClock(new Date(Date.now() + 60_000))
  await runJobsUntilIdle()
  ;[products, customers, orders] = await syncs(companyId)
  expect(orders).toMatchObject({ status: 'complete', processed: expected.length, total: expected.length })
  expect(orders!.finishedAt!.getTime()).toBeGreaterThanOrEqual(orders!.startedAt!.getTime())
  // It asked for the third page, not the first again.
  expect(standin.calls.slice(resumedFrom).find((c) => c.fields.includes('orders'))?.variables.after).toBeTruthy()

  const events = await placed(companyId)
  expect(events).toHaveLength(expected.length)
  expect(new Set(events.map((e) => e.uniqueId)).size).toBe(expected.length)
  const first = expected[0]!
  expect(events.find((e) => e.uniqueId === String(first.legacyResourceId))).toMatchObject({
    ts: Math.floor(Date.parse(String(first.createdAt)) / 1000),
    value: Number((first.totalPriceSet as { shopMoney: { amount: string } }).shopMoney.amount),
  })
  const c = await db.integration.findUniqueOrThrow({ where: { id: conn.id } })
  expect(c.status).toBe('connected')
  expect(c.lastSyncAt).toBeTruthy()
  // Customers of the window became profiles with the store's consent.
  expect(await db.profile.count({ where: { companyId, email: 'buyer2@standin.example' } })).toBe(1)

  // A second full sync of the same window writes no second event.
  await startHistoricalSync(companyId, { days: 30 }, NOW)
  setQueueClock(new Date(Date.now() + 120_000))
  await runJobsUntilIdle()
  expect(await placed(companyId)).toHaveLength(expected.length)
})

test('a page replayed after its cursor write was lost (a crash between ingest and commit) adds nothing and keeps the count exact', async () => {
  const { companyId } = await connect()
  await startHistoricalSync(companyId, { days: 30 }, NOW)
  const [, , orders] = await syncs(companyId)
  await db.integrationSync.updateMany({
    where: { companyId, resource: { in: ['products', 'customers'] } },
    data: { status: 'complete' },
  })
  const client = createShopifyClient({ shop: standin.shop, accessToken: standin.accessToken })
  await runSyncPage({ companyId, syncId: orders!.id }, { client })
  const after1 = await db.integrationSync.findUniqueOrThrow({ where: { id: orders!.id } })
  await runSyncPage({ companyId, syncId: orders!.id }, { client })
  const after2 = await db.integrationSync.findUniqueOrThrow({ where: { id: orders!.id } })
  // Page 2's ingest happened, its cursor write "was lost": back to after page 1, and run again.
  await db.integrationSync.update({
    where: { id: orders!.id },
    data: { cursor: after1.cursor, processed: after1.processed },
  })
  await runSyncPage({ companyId, syncId: orders!.id }, { client })
  const replayed = await db.integrationSync.findUniqueOrThrow({ where: { id: orders!.id } })
  expect(replayed).toMatchObject({ cursor: after2.cursor, processed: after2.processed })
  expect(await placed(companyId)).toHaveLength(after2.processed)
})

test('THROTTLED: the client waits for the bucket to refill and the page succeeds; throttleStatus read from every answer', async () => {
  const waits: number[] = []
  const client = createShopifyClient({
    shop: standin.shop,
    accessToken: standin.accessToken,
    sleep: (ms) => {
      waits.push(ms)
      return new Promise((r) => setTimeout(r, ms))
    },
  })
  standin.drain()
  const before = standin.throttledCount
  const d = await client.query<{ orders: { nodes: unknown[] } }>(
    'query($first: Int!) { orders(first: $first) { nodes { id } pageInfo { hasNextPage endCursor } } }',
    { first: 100 },
  )
  expect(d.orders.nodes).toHaveLength(100)
  expect(standin.throttledCount).toBeGreaterThan(before)
  expect(waits.length).toBeGreaterThan(0)
  expect(client.throttle).toMatchObject({ maximumAvailable: 400, restoreRate: 4000 })
  // The answer left less than a query like it costs: the next call waits first instead of bouncing.
  standin.drain()
  const throttledBefore = standin.throttledCount
  await client.query(
    'query($first: Int!) { orders(first: $first) { nodes { id } pageInfo { hasNextPage endCursor } } }',
    { first: 100 },
  )
  expect(standin.throttledCount - throttledBefore).toBeLessThanOrEqual(1)
})

test('a refused token fails the sync at once with the reason on the connection; company scope on start', async () => {
  const { companyId, conn } = await connect()
  await db.integration.update({
    where: { id: conn.id },
    data: { credentials: (await import('@/lib/integrations/connections')).sealCredentials({ accessToken: 'revoked' }) },
  })
  await startHistoricalSync(companyId, { days: 7 }, NOW)
  await runJobsUntilIdle()
  const [products] = await syncs(companyId)
  expect(products).toMatchObject({ status: 'failed' })
  expect((await db.integration.findUniqueOrThrow({ where: { id: conn.id } })).lastError).toMatch(
    /refused the access token/,
  )
  const other = (await makeCompany()).id
  await expect(startHistoricalSync(other, { days: 7 })).rejects.toMatchObject({ status: 404 })
  await expect(startHistoricalSync(companyId, { days: 0 })).rejects.toMatchObject({ name: 'ZodError' })
})
