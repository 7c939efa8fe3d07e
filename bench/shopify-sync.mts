// Benchmark (issue 21 §6): a historical Shopify sync of 100,000 orders from the local stand-in
// (tests/helpers/shopify-standin.ts, a real HTTP server speaking the Admin GraphQL API with
// cursor paging and the cost-based throttle) through the real path: one job per page
// (runJobsUntilIdle → integrations.shopify.sync-page → the GraphQL client over safe-fetch → the
// GraphQL-to-store mapping → the commerce bulk order ingest → cursor, count and next job in one
// transaction). Products and customers first, as on connect. Orders per second = orders synced /
// time of the orders stage (the sync row's startedAt → finishedAt); the whole sync's time too.
// The stand-in's bucket is set large (a real shop restores 100–2,000 points/s: that, not us,
// would bound a real sync); pages of 250 (SHOPIFY_SYNC_PAGE_SIZE).
//
//   flock /tmp/bench.lock npx tsx bench/shopify-sync.mts [--engine sqlite|postgres] [--quick] [--orders 100000]
//
// Target: ≥ 1,000 orders/s on SQLite. Prints `BENCH_RESULT {json}`.
import { arg, engineArg, fmtInt, fmtMs, machine, report, root, scratchDatabase } from './lib/common.mjs'

const ENGINE = engineArg()
const N = arg('orders', 100_000, 10_000)
const CUSTOMERS = Math.max(100, Math.floor(N / 20))
const PRODUCTS = 200
const TARGET = 1000
process.chdir(root)

const scratch = await scratchDatabase(ENGINE, 'shopify-sync')
process.env.DATABASE_URL = scratch.url
process.env.ENABLE_INPROCESS_WORKER = '0'
process.env.PROVIDERS_ALLOW_PRIVATE = '1'
process.env.SHOPIFY_SYNC_PAGE_SIZE = '250'

const { startShopifyStandIn } = await import('../tests/helpers/shopify-standin')
const genStart = performance.now()
const standin = await startShopifyStandIn({
  shop: 'bench-sync.myshopify.com',
  accessToken: 'shpat_bench',
  orders: N,
  customers: CUSTOMERS,
  products: PRODUCTS,
  spreadDays: 80,
  bucket: { maximumAvailable: 1_000_000_000, restoreRate: 1_000_000_000 },
})
const genMs = performance.now() - genStart
process.env.SHOPIFY_API_BASE_URL = standin.apiBase

const { db } = await import('@/lib/db/client')
const { runJobsUntilIdle } = await import('@/lib/jobs/queue')
const { registerJobHandlers } = await import('@/lib/server/job-handlers')
const { saveConnection } = await import('@/lib/integrations/connections')
const { startHistoricalSync } = await import('@/lib/integrations/shopify/sync/start-sync')
registerJobHandlers()

const company = await db.company.create({ data: { name: 'Shopify sync bench', publicApiKey: 'SSBENC' } })
const companyId = company.id
await saveConnection({
  companyId,
  key: 'shopify',
  externalKey: standin.shop,
  credentials: { accessToken: 'shpat_bench', clientSecret: 'bench' },
})

const t0 = performance.now()
await startHistoricalSync(companyId, { days: 90 })
const jobs = await runJobsUntilIdle()
const totalMs = performance.now() - t0

const syncs = await db.integrationSync.findMany({ where: { companyId }, orderBy: { createdAt: 'asc' } })
const orders = syncs.find((s) => s.resource === 'orders')!
const failed = syncs.filter((s) => s.status !== 'complete')
const placed = await db.event.count({ where: { companyId, metric: { name: 'Placed Order' } } })
if (failed.length || orders.processed !== N || placed !== N) {
  throw new Error(
    `sync incomplete: ${syncs.map((s) => `${s.resource} ${s.status} ${s.processed}/${s.total} ${s.error ?? ''}`).join('; ')}; Placed Order events ${placed}, expected ${N}`,
  )
}
const ordersMs = orders.finishedAt!.getTime() - orders.startedAt!.getTime()
const rate = N / (ordersMs / 1000)
const requests = standin.calls.length

console.log(
  `shopify historical sync, ${ENGINE}: ${fmtInt(N)} orders, ${fmtInt(CUSTOMERS)} customers, ${PRODUCTS} products (stand-in generated in ${fmtMs(genMs)})`,
)
console.log(`  orders stage: ${fmtMs(ordersMs)} → ${fmtInt(rate)} orders/s (target ≥ ${fmtInt(TARGET)} on SQLite)`)
console.log(
  `  whole sync: ${fmtMs(totalMs)}, ${fmtInt(jobs)} page jobs, ${fmtInt(requests)} GraphQL requests, ${standin.throttledCount} throttled`,
)
console.log(`  ${machine()}`)
report(
  'shopify-sync',
  ENGINE,
  [
    {
      figure: 'Shopify historical sync (orders)',
      what: `${fmtInt(N)} orders from the local Admin GraphQL stand-in, pages of 250, a job per page, ingested as Placed Order + Ordered Product`,
      ours: `${fmtInt(rate)} orders/s`,
      baseline: '—',
      ratio: null,
      target: `≥ ${fmtInt(TARGET)} orders/s on SQLite`,
      met: ENGINE === 'sqlite' ? rate >= TARGET : undefined,
    },
  ],
  { orders: N, ordersMs, totalMs, jobs, requests },
)
await standin.close()
await db.$disconnect?.()
await scratch.drop()
process.exit(0)
