// Benchmark (e): a 90-day daily metric aggregate over 1,000,000 events through the query
// engine (lib/metrics/query-metric-aggregates.ts, what /api/metric-aggregates and the /ajax
// chart call), against a bare SQL baseline over the same rows through the raw driver:
// SELECT COUNT(*) (resp. the sum of value, COUNT(DISTINCT profileId)) … WHERE ts BETWEEN,
// which returns one number and no buckets. Both run in this process on one scratch database of
// the engine, made from the migrations.
//
//   npx tsx bench/metrics.mts [--engine sqlite|postgres] [--quick] [--large] [--events 1000000] [--profiles 50000] [--runs 5]
//
// --large is issue 22's size: 10,000,000 events and 500,000 profiles (generated and loaded a
// chunk at a time, so memory stays flat). Count and sum read the hourly rollup
// (lib/metrics/rollup-query.ts); the row "count, events only" is the same query on the events.
//
// Target: the engine's 90-day daily count under 300 ms (median of the runs, after one warm-up).
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
const LARGE = process.argv.includes('--large')
const N = arg('events', LARGE ? 10_000_000 : 1_000_000, 100_000)
const PROFILES = arg('profiles', LARGE ? 500_000 : 50_000, 5_000)
const RUNS = arg('runs', 5, 3)
const TARGET_MS = 300
const TZ = 'America/New_York'
process.chdir(root)
const machine = machineLine()

// ---- a scratch database from the migrations ----
const scratch = await scratchDatabase(ENGINE, 'metrics')
const raw = await openRaw(scratch)

// ---- 1M events over one year for one company, loaded by the raw driver ----
const END = Math.floor(Date.UTC(2026, 5, 30) / 1000) // the data runs up to 2026-06-30
const START = END - 365 * 86400
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
  const categories = ['Apparel', 'Footwear', 'Accessories', 'Home & Kitchen', 'Beauty', 'Outdoor']
  const profiles = Array.from({ length: PROFILES }, (_, i) => [pid(i), 1, `customer${i}@example.test`, now, now])
  const CHUNK = 200_000
  // Events [from, to) as rows; generated per chunk so 10M events never sit in memory at once.
  const eventRows = (from: number, to: number): unknown[][] => {
    const events: unknown[][] = []
    for (let i = from; i < to; i++) events.push(eventRow(i))
    return events
  }
  const eventRow = (i: number): unknown[] => {
    const ts = START + Math.floor(((i + rand()) * 365 * 86400) / N)
    return [
      1,
      pid(Math.floor(rand() * PROFILES)),
      'PlcOrd',
      ts,
      Math.round(rand() * 20000) / 100,
      'USD',
      JSON.stringify({
        Category: categories[Math.floor(rand() * categories.length)],
        ItemCount: 1 + Math.floor(rand() * 4),
      }),
      now,
    ]
  }
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
      for (let i = 0; i < N; i++) event.run(...eventRow(i).slice(0, 7), iso)
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
    await pgWithoutIndexes(client, 'Event', async () => {
      for (let i = 0; i < N; i += CHUNK)
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
          eventRows(i, Math.min(N, i + CHUNK)),
        )
    })
    await client.query('VACUUM ANALYZE')
  }
}
const loadMs = performance.now() - t0

// ---- the subject and the baseline ----
process.env.DATABASE_URL = scratch.url
const { queryMetricAggregates } = await import('../lib/metrics/query-metric-aggregates')
const { resolveTimeframe, bucketRange } = await import('../lib/metrics/timeframe')
const { runMetricQuery } = await import('../lib/metrics/run-metric-query')
const { db } = await import('../lib/db/client')

// "Last 90 days" in New York as of the last data day: 90 local days, one DST change included.
const range = resolveTimeframe('last_90_days', { timeZone: TZ, now: new Date((END - 3600) * 1000) })
const filter = { start: new Date(range.start), end: new Date(range.end) }
const [s, e] = [Math.ceil(range.start / 1000), Math.ceil(range.end / 1000) - 1]

const time = (fn: () => unknown) => medianMs(fn, RUNS)

const WHERE = 'FROM "Event" WHERE "companyId" = 1 AND "metricId" = ? AND "ts" BETWEEN ? AND ?'
const one = async (sqlText: string) => Number(Object.values((await raw.get(sqlText, ['PlcOrd', s, e]))!)[0])
const rows = await one(`SELECT COUNT(*) AS n ${WHERE}`)
const baselineSql = {
  count: `SELECT COUNT(*) AS n ${WHERE}`,
  sum_value:
    ENGINE === 'sqlite' ? `SELECT TOTAL("value") AS n ${WHERE}` : `SELECT COALESCE(SUM("value"), 0) AS n ${WHERE}`,
  unique: `SELECT COUNT(DISTINCT "profileId") AS n ${WHERE}`,
} as const
type M = keyof typeof baselineSql

const results: Array<{ label: string; engine: number; baseline: number | null; buckets: number }> = []
const check: Record<string, number> = {}
for (const m of ['count', 'sum_value', 'unique'] as M[]) {
  let buckets = 0
  const engine = await time(async () => {
    const r = await queryMetricAggregates(1, {
      metricId: 'PlcOrd',
      measurements: [m],
      interval: 'day',
      timezone: TZ,
      filter,
    })
    buckets = r.dates.length
    check[m] = r.data[0]!.measurements[m]!.reduce((a, b) => a + b, 0)
  })
  const baseline = await time(() => one(baselineSql[m]))
  if (m !== 'unique') check[`${m}_baseline`] = await one(baselineSql[m])
  results.push({ label: `${m}, 90 days daily`, engine, baseline, buckets })
}
{
  let buckets = 0
  const engine = await time(async () => {
    buckets = (
      await queryMetricAggregates(1, {
        metricId: 'PlcOrd',
        measurements: ['count', 'sum_value', 'unique'],
        interval: 'day',
        timezone: TZ,
        filter,
      })
    ).dates.length
  })
  results.push({ label: 'all three at once', engine, baseline: null, buckets })
  const byCat = await time(() =>
    queryMetricAggregates(1, {
      metricId: 'PlcOrd',
      measurements: ['count'],
      interval: 'day',
      timezone: TZ,
      filter,
      by: ['Category'],
    }),
  )
  results.push({ label: 'count by Category', engine: byCat, baseline: null, buckets })
  const weekly = await time(() =>
    queryMetricAggregates(1, {
      metricId: 'PlcOrd',
      measurements: ['count'],
      interval: 'week',
      timezone: TZ,
      filter: { start: new Date(START * 1000), end: new Date(END * 1000) },
    }),
  )
  results.push({ label: 'count, 1 year weekly', engine: weekly, baseline: null, buckets: 53 })
  // The same daily count on the events, as when a filter or a half-hour zone rules the rollup out.
  const eventsOnly = await time(() =>
    runMetricQuery({
      companyId: 1,
      metricId: 'PlcOrd',
      measurements: ['count'],
      buckets: bucketRange(range, 'daily', TZ),
      eventsOnly: true,
    }),
  )
  results.push({ label: 'count, events only', engine: eventsOnly, baseline: null, buckets })
}

// ---- report ----
const fmt = (ms: number | null) => (ms == null ? '—' : `${ms.toFixed(1)} ms`)
const version =
  ENGINE === 'sqlite'
    ? `SQLite ${raw.sqlite!.prepare('SELECT sqlite_version()').pluck().get()}`
    : `PostgreSQL ${(await raw.get<{ server_version: string }>('SHOW server_version'))?.server_version}`
console.log(`Benchmark (e) on ${ENGINE}: 90-day daily metric aggregate over ${N.toLocaleString('en')} events`)
console.log(`Machine: ${machine}`)
if (scratch.source) console.log(`PostgreSQL: ${scratch.source}`)
console.log(
  `${version}; data: ${N.toLocaleString('en')} events, ${PROFILES.toLocaleString('en')} profiles, 1 metric, one year (loaded in ${(loadMs / 1000).toFixed(1)} s)`,
)
console.log(
  `Range: last 90 days in ${TZ} → ${rows.toLocaleString('en')} events in range; median of ${RUNS} runs after one warm-up\n`,
)
console.log(
  ['query'.padEnd(24), 'engine'.padStart(11), 'bare SQL'.padStart(11), 'ratio'.padStart(7), 'buckets'.padStart(8)].join(
    '  ',
  ),
)
for (const r of results) {
  console.log(
    [
      r.label.padEnd(24),
      fmt(r.engine).padStart(11),
      fmt(r.baseline).padStart(11),
      (r.baseline ? (r.engine / r.baseline).toFixed(2) + '×' : '—').padStart(7),
      String(r.buckets).padStart(8),
    ].join('  '),
  )
}
const sane = check.count === rows && Math.abs(check.sum_value! - check.sum_value_baseline!) < 0.01
console.log(`\nCheck: bucket sums equal the bare totals: ${sane ? 'yes' : 'NO'} (count ${check.count} vs ${rows})`)
const count = results[0]!.engine
const met = count < TARGET_MS && sane
console.log(`Target: 90-day daily count < ${TARGET_MS} ms → ${count.toFixed(1)} ms: ${met ? 'met' : 'NOT met'}`)
report(
  'metrics',
  ENGINE,
  [
    ...(['count', 'sum_value', 'unique'] as const).map((m, i) => ({
      figure: '(e)',
      what: `90-day daily ${m}, ${N.toLocaleString('en')} events`,
      ours: fmtMs(results[i]!.engine),
      baseline: `${fmtMs(results[i]!.baseline!)} bare SQL`,
      ratio: Number((results[i]!.baseline! / results[i]!.engine).toFixed(3)),
      ...(m === 'count' ? { target: `< ${TARGET_MS} ms`, met } : {}),
    })),
  ],
  {
    summary: `90-day daily count ${count.toFixed(1)} ms (bare COUNT ${results[0]!.baseline!.toFixed(1)} ms), target < ${TARGET_MS} ms`,
    engineMs: Object.fromEntries(results.map((r) => [r.label, Math.round(r.engine * 10) / 10])),
    baselineMs: Object.fromEntries(
      results.filter((r) => r.baseline != null).map((r) => [r.label, Math.round(r.baseline! * 10) / 10]),
    ),
    events: N,
    eventsInRange: rows,
    sane,
  },
)
await db.$disconnect()
await raw.close()
if (ENGINE === 'postgres') await (await import('../lib/db/pg-pool')).closePgPool()
await scratch.drop()
process.exit(0)
