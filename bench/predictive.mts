// Issue 23 §6: the predictive refit (BG/NBD + Gamma-Gamma fit, holdout check) and the scoring
// of every customer (ProfilePrediction rows written) for one account of 100,000 customers with
// 1,000,000 orders, on one engine; beside the bare SQL of the per-customer order aggregate the
// refit reads (the floor: no fit, no scoring, no writes).
//
//   npx tsx bench/predictive.mts [--engine sqlite|postgres] [--quick] [--customers 100000] [--orders 1000000]
//   npm run bench:predictive   (under flock /tmp/bench.lock)
//
// The data is generated set-based in SQL (one recursive INSERT … SELECT per table, the same
// text on both engines): order i goes to the lower of two hashed customer numbers, so order
// counts are skewed (many one-time buyers, a few frequent ones), spread over two years. Numbers
// are bound as integers explicitly: better-sqlite3 binds a JS number as a double.
// Target: < 60 s. Prints `BENCH_RESULT {json}`.
import { arg, engineArg, fmtInt, fmtMs, machine, report, root, scratchDatabase } from './lib/common.mjs'
import { openRaw } from './lib/raw.mjs'

const ENGINE = engineArg()
const CUSTOMERS = arg('customers', 100_000, 10_000)
const ORDERS = arg('orders', 1_000_000, 100_000)
process.chdir(root)
const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6

const scratch = await scratchDatabase(ENGINE, 'predictive')
process.env.DATABASE_URL = scratch.url
process.env.ENABLE_INPROCESS_WORKER = '0'
const raw = await openRaw(scratch)
const { refitCompany } = await import('@/lib/predictive/refit-company')
const { db } = await import('@/lib/db/client')

console.log(`predictive bench on ${ENGINE}: ${fmtInt(CUSTOMERS)} customers, ${fmtInt(ORDERS)} orders; ${machine()}`)
if (scratch.source) console.log(`PostgreSQL: ${scratch.source}`)

const now = new Date()
const nowSec = Math.floor(now.getTime() / 1000)
const METRIC = 'BenchPlacedOrder'
let t = process.hrtime.bigint()
await raw.run('INSERT INTO "Company" ("id", "name", "publicApiKey", "createdAt", "updatedAt") VALUES (1, ?, ?, ?, ?)', [
  'Bench predictive',
  'BENCHP',
  now,
  now,
])
await raw.run(
  'INSERT INTO "Metric" ("id", "companyId", "name", "integration", "createdAt", "updatedAt") VALUES (?, 1, ?, ?, ?, ?)',
  [METRIC, 'Placed Order', 'api', now, now],
)
await raw.run(
  `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
   INSERT INTO "Profile" ("id", "companyId", "email", "properties", "createdAt", "updatedAt")
   SELECT 'bp' || CAST(i AS TEXT), 1, 'c' || CAST(i AS TEXT) || '@example.test', '{}', ?, ? FROM n`,
  [CUSTOMERS - 1, now, now],
)
const TWO_YEARS = 730 * 86_400
await raw.run(
  `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ?),
   h(i, a, b, c) AS (
     SELECT i, (CAST(i AS BIGINT) * 2654435761) % 4294967296 % CAST(? AS BIGINT),
            (CAST(i AS BIGINT) * 40503 + 12345) % 1000003 % CAST(? AS BIGINT),
            (CAST(i AS BIGINT) * 69069 + 1) % 4294967296
     FROM n)
   INSERT INTO "Event" ("companyId", "profileId", "metricId", "ts", "value", "properties")
   SELECT 1, 'bp' || CAST(CASE WHEN a < b THEN a ELSE b END AS TEXT), ?, CAST(? AS BIGINT) - 86400 - c % CAST(? AS BIGINT), 10 + (c % 20000) / 100.0, '{}'
   FROM h`,
  [ORDERS - 1, CUSTOMERS, CUSTOMERS, METRIC, nowSec, TWO_YEARS],
)
if (raw.sqlite) raw.sqlite.exec('ANALYZE')
else await raw.run('VACUUM ANALYZE')
console.log(`  data built in ${(ms(t) / 1000).toFixed(1)} s`)

// The floor: the per-customer aggregate alone, through the raw driver.
t = process.hrtime.bigint()
const agg = await raw.all(
  `SELECT "profileId", COUNT(*) AS n, MIN("ts") AS f, MAX("ts") AS l, SUM("value") AS v FROM "Event"
    WHERE "companyId" = 1 AND "metricId" = ? AND "ts" <= ? GROUP BY "profileId"`,
  [METRIC, nowSec],
)
const bare = ms(t)
console.log(`  bare aggregate: ${fmtInt(agg.length)} customers in ${fmtMs(bare)}`)

t = process.hrtime.bigint()
const result = await refitCompany(1, { now, trigger: 'cli' })
const total = ms(t)
const written = await db.profilePrediction.count({ where: { companyId: 1 } })
console.log(
  `  refit: ${result.status}, ${fmtInt(result.customers)} customers scored, ${fmtInt(written)} rows, ${fmtMs(total)} ${JSON.stringify(result.phases ?? {})}`,
)
const fitRow = await db.predictiveModelFit.findUniqueOrThrow({ where: { id: result.fitId } })
console.log(`  parameters: ${fitRow.params}`)
if (result.status !== 'fitted' || written !== result.customers) throw new Error('the refit did not write every score')

report('predictive', ENGINE, [
  {
    figure: '(p1)',
    what: `refit and score ${fmtInt(result.customers)} customers, ${fmtInt(ORDERS)} orders`,
    ours: fmtMs(total),
    baseline: `${fmtMs(bare)} (bare aggregate)`,
    ratio: bare / total,
    target: '< 60 s',
    met: total < 60_000,
  },
])
await db.$disconnect()
await raw.close()
// The app's pool keeps the scratch database in use (DROP DATABASE fails) and the process alive.
if (ENGINE === 'postgres') await (await import('@/lib/db/pg-pool')).closePgPool()
await scratch.drop()
process.exit(0)
