// Issue 23 §6: the report builder's query — one metric grouped by an event property and by day
// over the last 365 days — over 10,000,000 events, through the report engine
// (lib/analytics/run-report.ts: the definition compiled onto lib/metrics' engine, plus its
// totals query), against the bare SQL of the same aggregation through the raw driver: one
// GROUP BY of day and property over the same rows, which returns the groups and nothing else.
// Both run in this process on one scratch database of the engine, made from the migrations.
// The engine is timed after the property's rollup exists (MetricPropertyRollup, made by the
// worker the first time a report asks for the property); the first run, which reads the events,
// and the rollup's backfill are printed beside it.
//
//   flock /tmp/bench.lock npx tsx bench/report-builder.mts [--engine sqlite|postgres] [--events 10000000] [--runs 3]
//
// Targets: < 2 s on SQLite, < 1 s on PostgreSQL (median of the runs after one warm-up).
// Prints a final `BENCH_RESULT {json}` line for bench/run-all.mjs.
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
const N = arg('events', 10_000_000, 200_000)
const PROFILES = arg('profiles', 200_000, 5_000)
const RUNS = arg('runs', 3, 3)
const TARGET_MS = ENGINE === 'sqlite' ? 2000 : 1000
const TZ = 'UTC'
process.chdir(root)
const machine = machineLine()

const scratch = await scratchDatabase(ENGINE, 'report-builder')
const raw = await openRaw(scratch)

// ---- N events of one metric over one year, loaded by the raw driver a chunk at a time ----
const END = Math.floor(Date.UTC(2026, 5, 30) / 1000)
const START = END - 365 * 86400
const CATEGORIES = ['Apparel', 'Footwear', 'Accessories', 'Home & Kitchen', 'Beauty', 'Outdoor', 'Toys', 'Garden']
const t0 = performance.now()
{
  const now = new Date()
  await raw.run(
    'INSERT INTO "Company" ("id", "name", "publicApiKey", "timezone", "createdAt", "updatedAt") VALUES (1, ?, ?, ?, ?, ?)',
    ['Bench Store', 'BENCH1', TZ, now, now],
  )
  await raw.run(
    'INSERT INTO "Metric" ("id", "companyId", "name", "integration", "createdAt", "updatedAt") VALUES (?, 1, ?, ?, ?, ?)',
    ['PlcOrd', 'Placed Order', 'api', now, now],
  )
  const pid = (i: number) => 'P' + String(i).padStart(25, '0')
  let seed = 42
  const rand = () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 4294967296
  const profiles = Array.from({ length: PROFILES }, (_, i) => [pid(i), 1, `customer${i}@example.test`, now, now])
  const eventRow = (i: number): unknown[] => [
    1,
    pid(Math.floor(rand() * PROFILES)),
    'PlcOrd',
    START + Math.floor(((i + rand()) * 365 * 86400) / N),
    Math.round(rand() * 20000) / 100,
    'USD',
    JSON.stringify({
      Category: CATEGORIES[Math.floor(rand() * CATEGORIES.length)],
      ItemCount: 1 + Math.floor(rand() * 4),
    }),
    now,
  ]
  if (raw.sqlite) {
    const conn = raw.sqlite
    const iso = now.toISOString().replace('Z', '+00:00')
    conn.pragma('synchronous = OFF')
    const profile = conn.prepare(
      'INSERT INTO Profile (id, companyId, email, createdAt, updatedAt) VALUES (?, ?, ?, ?, ?)',
    )
    const event = conn.prepare(
      'INSERT INTO Event (companyId, profileId, metricId, ts, value, currency, properties, createdAt) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    )
    conn.transaction(() => {
      for (const p of profiles) profile.run(...p.slice(0, 3), iso, iso)
    })()
    // The rollup triggers fire per row on SQLite (1M rows took 87 s with them): load without
    // them, put them back, and fill the hourly rollup with the migration's own backfill, which
    // leaves the rows the triggers would have written.
    const triggers = conn
      .prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'Event'`)
      .all() as Array<{ name: string; sql: string }>
    for (const t of triggers) conn.exec(`DROP TRIGGER "${t.name}"`)
    const CHUNK = 500_000
    for (let i = 0; i < N; i += CHUNK)
      conn.transaction(() => {
        for (let k = i; k < Math.min(N, i + CHUNK); k++) event.run(...eventRow(k).slice(0, 7), iso)
      })()
    for (const t of triggers) conn.exec(t.sql)
    conn.exec(`INSERT INTO "MetricHourlyRollup" ("companyId", "metricId", "hour", "count", "value")
      SELECT min("companyId"), "metricId", "ts" - (("ts" % 3600) + 3600) % 3600, count(*), total("value")
      FROM "Event" GROUP BY "metricId", "ts" - (("ts" % 3600) + 3600) % 3600`)
    conn.pragma('wal_checkpoint(TRUNCATE)')
    conn.exec('ANALYZE')
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
    const CHUNK = 200_000
    await pgWithoutIndexes(client, 'Event', async () => {
      for (let i = 0; i < N; i += CHUNK) {
        const rows: unknown[][] = []
        for (let k = i; k < Math.min(N, i + CHUNK); k++) rows.push(eventRow(k))
        await pgLoad(
          client,
          'Event',
          [
            ['companyId', 'int'],
            ['profileId', 'text'],
            ['metricId', 'text'],
            ['ts', 'int'],
            ['value', 'float8'],
            ['currency', 'text'],
            ['properties', 'jsonb'],
            ['createdAt', 'timestamp'],
          ],
          rows,
        )
      }
    })
    await client.query('VACUUM ANALYZE')
  }
}
const loadMs = performance.now() - t0

// ---- the subject and the baseline ----
process.env.DATABASE_URL = scratch.url
const { runReport } = await import('../lib/analytics/run-report')
const { reportDefinition } = await import('../lib/analytics/report-definition')
const { resolveTimeframe } = await import('../lib/metrics/timeframe')
const { db } = await import('../lib/db/client')

const now = new Date((END - 3600) * 1000)
const definition = reportDefinition.parse({
  source: { type: 'metric', metricId: 'PlcOrd' },
  measurements: ['count'],
  groupBy: [
    { type: 'event_property', name: 'Category' },
    { type: 'time', granularity: 'daily' },
  ],
  timeframe: { range: 'last_365_days' },
})
const range = resolveTimeframe('last_365_days', { timeZone: TZ, now })
const [s, e] = [Math.ceil(range.start / 1000), Math.ceil(range.end / 1000) - 1]
const property =
  ENGINE === 'sqlite' ? `json_extract("properties", '$.Category')` : `(cast("properties" as jsonb) ->> 'Category')`
// CAST: the driver binds numbers as REAL on SQLite, and a REAL division would not group days.
const bareSql = `SELECT CAST(("ts" - ?) / 86400 AS INTEGER) AS d, ${property} AS c, COUNT(*) AS n FROM "Event"
  WHERE "companyId" = 1 AND "metricId" = 'PlcOrd' AND "ts" BETWEEN ? AND ? GROUP BY 1, 2`

const time = (fn: () => unknown) => medianMs(fn, RUNS)

let result: Awaited<ReturnType<typeof runReport>> | null = null
const runOnce = async () => {
  result = await runReport(1, definition, { now, timeZone: TZ })
}
// First the report as it runs before the property has a rollup: it reads every event (once; the
// run also asks the worker for the rollup, which this process makes below instead).
const { registerPropertyDimension } = await import('../lib/metrics/property-rollup')
let t1 = performance.now()
await runOnce()
const eventsMs = performance.now() - t1
const eventsRows = result!.rows
t1 = performance.now()
const registered = await registerPropertyDimension(1, 'PlcOrd', 'Category')
const registerMs = performance.now() - t1
const engineMs = await time(runOnce)
const sameAsEvents = JSON.stringify(result!.rows) === JSON.stringify(eventsRows)
let bare: Array<{ d: number; c: string; n: number }> = []
const bareMs = await time(async () => {
  bare = await raw.all(bareSql, [s, s, e])
})
const engineTotal = result!.rows.reduce((a, r) => a + Number(r[2]), 0)
const bareTotal = bare.reduce((a, r) => a + Number(r.n), 0)
const sane = engineTotal === bareTotal && result!.groups === CATEGORIES.length && sameAsEvents && registered === 'ready'

const version =
  ENGINE === 'sqlite'
    ? `SQLite ${raw.sqlite!.prepare('SELECT sqlite_version()').pluck().get()}`
    : `PostgreSQL ${(await raw.get<{ server_version: string }>('SHOW server_version'))?.server_version}`
console.log(`Report builder on ${ENGINE}: count by Category and day, last 365 days, ${N.toLocaleString('en')} events`)
console.log(`Machine: ${machine}`)
if (scratch.source) console.log(`PostgreSQL: ${scratch.source}`)
console.log(`${version}; loaded in ${(loadMs / 1000).toFixed(1)} s; median of ${RUNS} runs after one warm-up`)
console.log(
  `before the property's rollup (reads the events, one run): ${eventsMs.toFixed(1)} ms; making the rollup (backfill): ${registerMs.toFixed(1)} ms`,
)
console.log(
  `report engine ${engineMs.toFixed(1)} ms (${result!.rows.length} rows); bare SQL ${bareMs.toFixed(1)} ms (${bare.length} rows)`,
)
console.log(`Check: the rollup's rows equal the events' rows: ${sameAsEvents ? 'yes' : 'NO'}`)
console.log(
  `Check: the report's rows add up to the bare count: ${sane ? 'yes' : 'NO'} (${engineTotal} vs ${bareTotal})`,
)
const met = engineMs < TARGET_MS && sane
console.log(`Target: < ${TARGET_MS} ms → ${engineMs.toFixed(1)} ms: ${met ? 'met' : 'NOT met'}`)
report(
  'report-builder',
  ENGINE,
  [
    {
      figure: '(23-1)',
      what: `count by property and day, 365 days, ${N.toLocaleString('en')} events`,
      ours: fmtMs(engineMs),
      baseline: `${fmtMs(bareMs)} bare SQL`,
      ratio: Number((bareMs / engineMs).toFixed(3)),
      target: `< ${TARGET_MS} ms`,
      met,
    },
  ],
  {
    events: N,
    engineMs: Math.round(engineMs),
    eventsMs: Math.round(eventsMs),
    registerMs: Math.round(registerMs),
    bareMs: Math.round(bareMs),
    loadMs: Math.round(loadMs),
    sane,
  },
)
await db.$disconnect()
await raw.close()
if (ENGINE === 'postgres') await (await import('../lib/db/pg-pool')).closePgPool()
await scratch.drop()
process.exit(0)
