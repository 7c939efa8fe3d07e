// Benchmark: the RFM groups of 100,000 customers (issue 23 §6) through lib/insights/get-rfm.ts
// (scores by rank quintiles with window functions and the nine groups, one SQL statement), and
// the movement between two dates (two such statements joined), against a bare SQL baseline of
// the per-customer aggregate alone (count, last order, sum per profile, no ranking). Both run
// in this process on one scratch database of the engine, made from the migrations.
//
//   npx tsx bench/rfm.mts [--engine sqlite|postgres] [--quick] [--customers 100000] [--runs 3]
//
// Data: every customer has 1–8 Placed Order events over two years, skewed towards few (about
// 2.5 on average: 254,579 orders for 100,000 customers). Target: the groups in under 5 s on
// either engine (median of the runs after one warm-up). Prints a final `BENCH_RESULT {json}`
// line for bench/run-all.mjs.
import {
  arg,
  engineArg,
  fmtMs,
  machine as machineLine,
  medianMs,
  pgLoad,
  pgWithoutIndexes,
  report,
  root,
  scratchDatabase,
} from './lib/common.mjs'
import { openRaw } from './lib/raw.mjs'

const ENGINE = engineArg()
const CUSTOMERS = arg('customers', 100_000, 10_000)
const RUNS = arg('runs', 3, 2)
const TARGET_MS = 5000
process.chdir(root)
const machine = machineLine()

const scratch = await scratchDatabase(ENGINE, 'rfm')
const raw = await openRaw(scratch)

const END = Math.floor(Date.UTC(2026, 5, 30) / 1000)
const SPAN = 730 * 86_400
const t0 = performance.now()
let orders = 0
{
  const now = new Date()
  await raw.run(
    'INSERT INTO "Company" ("id", "name", "publicApiKey", "timezone", "createdAt", "updatedAt") VALUES (1, ?, ?, ?, ?, ?)',
    ['Bench Store', 'BENCHR', 'UTC', now, now],
  )
  await raw.run(
    'INSERT INTO "Metric" ("id", "companyId", "name", "integration", "createdAt", "updatedAt") VALUES (?, 1, ?, ?, ?, ?)',
    ['PlcOrd', 'Placed Order', 'api', now, now],
  )
  const pid = (i: number) => 'P' + String(i).padStart(25, '0')
  let seed = 7
  const rand = () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 4294967296
  const profiles = Array.from({ length: CUSTOMERS }, (_, i) => [pid(i), 1, `c${i}@example.test`, now, now])
  const events: unknown[][] = []
  for (let i = 0; i < CUSTOMERS; i++) {
    const n = 1 + Math.floor(rand() * rand() * 8)
    for (let k = 0; k < n; k++)
      events.push([1, pid(i), 'PlcOrd', END - Math.floor(rand() * SPAN), Math.round(rand() * 20000) / 100, '{}', now])
  }
  orders = events.length
  if (raw.sqlite) {
    const conn = raw.sqlite
    const iso = now.toISOString().replace('Z', '+00:00')
    conn.pragma('synchronous = OFF')
    const profile = conn.prepare(
      'INSERT INTO Profile (id, companyId, email, createdAt, updatedAt) VALUES (?, ?, ?, ?, ?)',
    )
    const event = conn.prepare(
      'INSERT INTO Event (companyId, profileId, metricId, ts, value, properties, createdAt) VALUES (?, ?, ?, ?, ?, ?, ?)',
    )
    conn.transaction(() => {
      for (const p of profiles) profile.run(...p.slice(0, 3), iso, iso)
      for (const e of events) event.run(...e.slice(0, 6), iso)
    })()
    conn.pragma('wal_checkpoint(TRUNCATE)')
  } else {
    const client = raw.pg!
    await pgLoad(
      client,
      'Profile',
      [
        ['id', 'text'],
        ['companyId', 'int'],
        ['email', 'text'],
        ['createdAt', 'timestamp'],
        ['updatedAt', 'timestamp'],
      ],
      profiles,
    )
    await pgWithoutIndexes(client, 'Event', () =>
      pgLoad(
        client,
        'Event',
        [
          ['companyId', 'int'],
          ['profileId', 'text'],
          ['metricId', 'text'],
          ['ts', 'int'],
          ['value', 'float8'],
          ['properties', 'jsonb'],
          ['createdAt', 'timestamp'],
        ],
        events,
      ),
    )
    await client.query('VACUUM ANALYZE')
  }
}
const loadMs = performance.now() - t0

process.env.DATABASE_URL = scratch.url
const { getRfm } = await import('../lib/insights/get-rfm')
const { db } = await import('../lib/db/client')

const time = (fn: () => unknown) => medianMs(fn, RUNS)

const DATE = '2026-06-30'
let customers = 0
const groups = await time(async () => {
  customers = (await getRfm(1, { date: DATE })).customers
})
const movement = await time(() => getRfm(1, { date: DATE, compare: '2026-01-01' }))
const bare = await time(() =>
  raw.all(
    'SELECT "profileId", COUNT(*) AS n, MAX("ts") AS last, SUM("value") AS m FROM "Event" WHERE "companyId" = 1 AND "metricId" = ? AND "ts" <= ? GROUP BY "profileId"',
    ['PlcOrd', END + 86_400],
  ),
)

const sane = customers === CUSTOMERS
const met = groups < TARGET_MS && sane
console.log(`Benchmark: RFM groups of ${CUSTOMERS.toLocaleString('en')} customers on ${ENGINE}`)
console.log(`Machine: ${machine}`)
if (scratch.source) console.log(`PostgreSQL: ${scratch.source}`)
console.log(
  `Data: ${orders.toLocaleString('en')} orders (loaded in ${(loadMs / 1000).toFixed(1)} s); median of ${RUNS} runs after one warm-up\n`,
)
console.log(`groups as of a date          ${fmtMs(groups).padStart(10)}`)
console.log(`groups and movement          ${fmtMs(movement).padStart(10)}`)
console.log(`bare per-customer aggregate  ${fmtMs(bare).padStart(10)}`)
console.log(`\nCheck: every customer scored: ${sane ? 'yes' : 'NO'} (${customers} of ${CUSTOMERS})`)
console.log(`Target: groups < ${TARGET_MS} ms → ${groups.toFixed(0)} ms: ${met ? 'met' : 'NOT met'}`)
report(
  'rfm',
  ENGINE,
  [
    {
      figure: 'RFM',
      what: `RFM groups, ${CUSTOMERS.toLocaleString('en')} customers, ${orders.toLocaleString('en')} orders`,
      ours: fmtMs(groups),
      baseline: `${fmtMs(bare)} bare aggregate`,
      ratio: Number((bare / groups).toFixed(3)),
      target: `< ${TARGET_MS} ms`,
      met,
    },
    {
      figure: 'RFM',
      what: 'RFM groups and movement between two dates',
      ours: fmtMs(movement),
      baseline: `${fmtMs(bare)} bare aggregate`,
      ratio: Number((bare / movement).toFixed(3)),
    },
  ],
  { summary: `RFM groups of ${CUSTOMERS} customers ${groups.toFixed(0)} ms, target < ${TARGET_MS} ms`, sane },
)
await db.$disconnect()
await raw.close()
if (ENGINE === 'postgres') await (await import('../lib/db/pg-pool')).closePgPool()
await scratch.drop()
process.exit(0)
