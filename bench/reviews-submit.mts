// Review submissions (issue 24 §4): 1,000 a minute through POST /client/reviews — the real route
// handler (public key, rate limit, body validation, the product lookup, the verified-buyer check,
// the company's moderation settings, the Review row and the Submitted Review event through ingest
// with its consumers) — at concurrency 16, beside a bare insert of the same Review rows at the
// same concurrency in the same run. Each submission is a new shopper and a new order, so nothing
// is deduplicated away.
//
//   flock /tmp/bench.lock nice npx tsx bench/reviews-submit.mts [--engine sqlite|postgres] [--quick] [--submissions 2000]
//
// Target: at least 1,000 submissions a minute (16.7/s). Prints `BENCH_RESULT {json}`.
import { arg, engineArg, fmtInt, machine, report, root, scratchDatabase } from './lib/common.mjs'

const ENGINE = engineArg()
const N = arg('submissions', 2_000, 400)
const CONCURRENCY = 16
const TARGET_PER_S = 1000 / 60
process.chdir(root)

const scratch = await scratchDatabase(ENGINE, 'reviews-submit')
process.env.DATABASE_URL = scratch.url
process.env.ENABLE_INPROCESS_WORKER = '0'

const { db } = await import('@/lib/db/client')
const { ulid } = await import('@/lib/ids/make-id')
const { resetRateLimits } = await import('@/lib/api/rate-limit')
const { registerConsumers } = await import('@/lib/server/consumers')
const clientReviews = await import('@/app/client/reviews/route')
registerConsumers()

const company = await db.company.create({ data: { name: 'Review submissions bench', publicApiKey: 'REVSUB' } })
const companyId = company.id
const PRODUCTS = 50
await db.catalogItem.createMany({
  data: Array.from({ length: PRODUCTS }, (_, i) => ({
    id: `item-${i}`,
    companyId,
    externalId: `P${i}`,
    title: `Product ${i}`,
    url: `https://shop.test/p/${i}`,
  })),
})

/** Runs f(0..n-1) with `concurrency` in flight; returns submissions per second. */
async function pool(n: number, concurrency: number, f: (i: number) => Promise<void>) {
  let next = 0
  const start = process.hrtime.bigint()
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = next++; i < n; i = next++) await f(i)
    }),
  )
  const s = Number(process.hrtime.bigint() - start) / 1e9
  return n / s
}

const body = (i: number, run: string) =>
  JSON.stringify({
    data: {
      type: 'review',
      attributes: {
        review_type: 'review',
        email: `shopper-${run}-${i}@bench.test`,
        author: `Shopper ${i}`,
        content: `Review ${i}: arrived quickly, fits as described, would buy again.`,
        title: `Review ${i}`,
        rating: 1 + (i % 5),
        product: { external_id: `P${i % PRODUCTS}`, integration_key: '$custom' },
      },
      relationships: { order: { data: { type: 'order', id: `${run}-order-${i}` } } },
    },
  })

const submit = (run: string) => async (i: number) => {
  // one address for the whole bench: the per-address rate limit is not what is measured
  if (i % 50 === 0) resetRateLimits()
  const res = await (clientReviews.POST as (req: Request) => Promise<Response>)(
    new Request('http://localhost:3000/client/reviews?company_id=REVSUB', {
      method: 'POST',
      headers: { 'content-type': 'application/json', revision: '2026-07-15' },
      body: body(i, run),
    }),
  )
  if (res.status !== 202) throw new Error(`submission ${i}: ${res.status} ${await res.text()}`)
}

const bareInsert = (run: string) => async (i: number) => {
  const id = ulid()
  await db.review.create({
    data: {
      id,
      companyId,
      catalogItemId: `item-${i % PRODUCTS}`,
      productKey: `item-${i % PRODUCTS}`,
      productExternalId: `P${i % PRODUCTS}`,
      rating: 1 + (i % 5),
      title: `Review ${i}`,
      body: `Review ${i}: arrived quickly, fits as described, would buy again.`,
      authorName: `Shopper ${i}`,
      authorEmail: `shopper-${run}-${i}@bench.test`,
      orderKey: `${run}-order-${i}`,
      status: 'published',
    },
  })
}

await pool(Math.min(100, N), CONCURRENCY, submit('warm'))
const bare = await pool(N, CONCURRENCY, bareInsert('bare'))
const ours = await pool(N, CONCURRENCY, submit('real'))
const events = await db.event.count({ where: { companyId } })

console.log(`Machine: ${machine()}`)
console.log(`Review submissions (${ENGINE}): ${fmtInt(N)} through POST /client/reviews, concurrency ${CONCURRENCY}`)
console.log(`  bare insert of the Review row:  ${fmtInt(bare)}/s`)
console.log(
  `  POST /client/reviews:           ${fmtInt(ours)}/s (${fmtInt(ours * 60)}/min; target ${fmtInt(TARGET_PER_S * 60)}/min)`,
)
console.log(`  Submitted Review events written: ${fmtInt(events)}`)
const met = ours >= TARGET_PER_S
report(
  'reviews-submit',
  ENGINE,
  [
    {
      figure: 'reviews: submissions',
      what: `POST /client/reviews at concurrency ${CONCURRENCY} (validation, moderation, row, Submitted Review event)`,
      ours: `${fmtInt(ours)}/s (${fmtInt(ours * 60)}/min)`,
      baseline: `bare insert ${fmtInt(bare)}/s`,
      ratio: Number((ours / Math.max(bare, 0.001)).toFixed(2)),
      target: '≥ 1,000/min',
      met,
    },
  ],
  { submissionsPerSecond: ours, bareInsertsPerSecond: bare },
)
await db.$disconnect()
await scratch.drop()
