// Product reviews (issue 24 §4): the onsite widget's payload for a product with 10,000 reviews —
// GET /client/reviews (a page of 5, newest first and best rated first, the first page and one
// 1,000 reviews deep through the cursor) and GET /client/review-values-reports for its summary —
// through the real route handlers (public key, rate limit, filters, serialization), beside a bare
// indexed SELECT of the same page in the same run. 10,000 reviews of other products and 2,000
// pending ones of this product sit beside them.
//
//   flock /tmp/bench.lock npx tsx bench/reviews.mts [--engine sqlite|postgres] [--quick] [--reviews 10000] [--runs 200]
//
// Target (SQLite): the median of each widget call < 50 ms server time. Prints `BENCH_RESULT {json}`.
import { arg, engineArg, fmtInt, fmtMs, machine, report, root, scratchDatabase } from './lib/common.mjs'

const ENGINE = engineArg()
const N = arg('reviews', 10_000, 2_000)
const RUNS = arg('runs', 200, 50)
const TARGET_MS = 50
process.chdir(root)

const scratch = await scratchDatabase(ENGINE, 'reviews')
process.env.DATABASE_URL = scratch.url
process.env.ENABLE_INPROCESS_WORKER = '0'

const { db } = await import('@/lib/db/client')
const { ulid } = await import('@/lib/ids/make-id')
const { resetRateLimits } = await import('@/lib/api/rate-limit')
const clientReviews = await import('@/app/client/reviews/route')
const clientReport = await import('@/app/client/review-values-reports/route')

const company = await db.company.create({ data: { name: 'Reviews bench', publicApiKey: 'REVBEN' } })
const companyId = company.id
const t0 = Date.parse('2025-01-01T00:00:00Z')
const items = ['MUG', 'CAP'].map((ext) => ({
  id: ulid(),
  companyId,
  externalId: ext,
  title: ext,
  url: `https://shop.test/${ext}`,
}))
await db.catalogItem.createMany({ data: items })

// ---- N published reviews of MUG, N of CAP, N / 5 pending of MUG ----
const rows: Array<Record<string, unknown>> = []
const add = (item: (typeof items)[number], i: number, status: string) =>
  rows.push({
    id: ulid(t0 + i * 60_000),
    companyId,
    catalogItemId: item.id,
    productKey: item.id,
    productExternalId: item.externalId,
    reviewType: 'review',
    rating: 1 + ((i * 7) % 5),
    title: `Review ${i}`,
    body: `Review body ${i} `.repeat(8),
    authorName: `Shopper ${i}`,
    authorEmail: `s${i}@bench.test`,
    orderKey: `${item.externalId}-${i}-${status}`,
    verified: i % 3 === 0,
    status,
    createdAt: new Date(t0 + i * 60_000),
    updatedAt: new Date(t0 + i * 60_000),
  })
for (let i = 0; i < N; i++) add(items[0]!, i, i % 10 === 0 ? 'featured' : 'published')
for (let i = 0; i < N; i++) add(items[1]!, i, 'published')
for (let i = 0; i < N / 5; i++) add(items[0]!, N + i, 'pending')
for (let i = 0; i < rows.length; i += 1000) await db.review.createMany({ data: rows.slice(i, i + 1000) as never })

const filter = encodeURIComponent('equals(product_external_ids,"MUG")')
const base = `http://localhost:3000/client/reviews?company_id=REVBEN&filter=${filter}&page[size]=5`
const call = async (handler: (req: Request) => Promise<Response>, url: string) => {
  resetRateLimits()
  const res = await handler(new Request(url, { headers: { revision: '2026-07-15' } }))
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${await res.text()}`)
  return res.json() as Promise<{ links?: { next: string | null } }>
}

/** The cursor of the page `depth` reviews in, walked once (not timed). */
async function deepUrl(sort: string, depth: number) {
  let url = `${base}&sort=${sort}`
  for (let seen = 0; seen < depth; seen += 5) url = (await call(clientReviews.GET as never, url)).links!.next!
  return url
}

async function median(f: () => Promise<unknown>) {
  for (let i = 0; i < 20; i++) await f()
  const times: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const s = process.hrtime.bigint()
    await f()
    times.push(Number(process.hrtime.bigint() - s) / 1e6)
  }
  times.sort((a, b) => a - b)
  return { p50: times[Math.floor(times.length / 2)]!, p95: times[Math.floor(times.length * 0.95)]! }
}

const bare = () =>
  ENGINE === 'sqlite'
    ? db.$queryRawUnsafe(
        `SELECT * FROM "Review" WHERE "companyId" = ? AND "productExternalId" = ? AND "status" IN ('published','featured')
         ORDER BY "createdAt" DESC, "id" DESC LIMIT 6`,
        companyId,
        'MUG',
      )
    : db.$queryRawUnsafe(
        `SELECT * FROM "Review" WHERE "companyId" = $1 AND "productExternalId" = $2 AND "status" IN ('published','featured')
         ORDER BY "createdAt" DESC, "id" DESC LIMIT 6`,
        companyId,
        'MUG',
      )

const cases: Array<[string, () => Promise<unknown>]> = [
  ['newest, page 1', () => call(clientReviews.GET as never, `${base}&sort=-created`)],
  ['newest, 1,000 deep', await deepUrl('-created', 1000).then((u) => () => call(clientReviews.GET as never, u))],
  ['best rated, page 1', () => call(clientReviews.GET as never, `${base}&sort=-rating`)],
  ['best rated, 1,000 deep', await deepUrl('-rating', 1000).then((u) => () => call(clientReviews.GET as never, u))],
  [
    'summary (review-values-report)',
    () =>
      call(
        clientReport.GET as never,
        `http://localhost:3000/client/review-values-reports?company_id=REVBEN&group_by=product_id&filter=${filter}`,
      ),
  ],
]
const baseline = await median(bare)
console.log(`Machine: ${machine()}`)
console.log(
  `Reviews widget (${ENGINE}): ${fmtInt(N)} published reviews of the product, ${fmtInt(N)} of another, ${fmtInt(N / 5)} pending; page of 5, ${RUNS} runs`,
)
console.log(`  bare indexed SELECT of the page: p50 ${fmtMs(baseline.p50)}, p95 ${fmtMs(baseline.p95)}`)
const out = []
for (const [what, f] of cases) {
  const m = await median(f)
  const met = ENGINE !== 'sqlite' || m.p50 < TARGET_MS
  console.log(`  ${what.padEnd(32)} p50 ${fmtMs(m.p50)}, p95 ${fmtMs(m.p95)}${met ? '' : '  (over target)'}`)
  out.push({
    figure: `reviews-widget: ${what}`,
    what: `GET /client/… for a product with ${fmtInt(N)} reviews: ${what}`,
    ours: `p50 ${fmtMs(m.p50)}, p95 ${fmtMs(m.p95)}`,
    baseline: `bare indexed SELECT of the page p50 ${fmtMs(baseline.p50)}`,
    ratio: Number((m.p50 / Math.max(baseline.p50, 0.001)).toFixed(1)),
    target: ENGINE === 'sqlite' ? `< ${TARGET_MS} ms` : 'reported',
    met,
  })
}
report('reviews', ENGINE, out, { baselineP50Ms: baseline.p50 })
await db.$disconnect()
await scratch.drop()
