// Benchmark (e) of issue 3 §10: a 90-day daily metric aggregate over 1,000,000 events through
// the query engine (lib/metrics/query-metric-aggregates.ts, what /api/metric-aggregates and the
// /ajax chart call), against a bare SQL baseline over the same rows: SELECT COUNT(*) (resp.
// TOTAL(value), COUNT(DISTINCT profileId)) … WHERE ts BETWEEN, which returns one number and no
// buckets. Both run in this process on one scratch SQLite file made from the migrations.
//
//   npx tsx bench/metrics.mts [--events 1000000] [--profiles 50000] [--runs 5]
//
// Target: the engine's 90-day daily count under 300 ms (median of the runs, after one warm-up).
// Prints a final `BENCH_RESULT {json}` line for bench/run-all.mjs.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'

const arg = (name: string, dflt: number) => {
  const i = process.argv.indexOf(`--${name}`)
  return i > 0 ? Number(process.argv[i + 1]) : dflt
}
const N = arg('events', 1_000_000)
const PROFILES = arg('profiles', 50_000)
const RUNS = arg('runs', 5)
const TARGET_MS = 300
const TZ = 'America/New_York'
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..')
process.chdir(root)

const cpu = os.cpus()
const machine = `${cpu[0]?.model ?? 'unknown CPU'}, ${cpu.length} cores, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM, Node ${process.version}, ${os.platform()} ${os.release()}`

// ---- a scratch database from the migrations ----
const file = path.join(os.tmpdir(), `bench-metrics-${process.pid}.db`)
const removeDb = () => { for (const f of [file, file + '-wal', file + '-shm']) fs.rmSync(f, { force: true }) }
removeDb()
execFileSync(process.execPath, ['scripts/db.mjs', 'deploy'], { env: { ...process.env, DATABASE_URL: 'file:' + file }, stdio: 'ignore' })

// ---- 1M events over one year for one company, raw inserts in one transaction ----
const END = Math.floor(Date.UTC(2026, 5, 30) / 1000) // the data runs up to 2026-06-30
const START = END - 365 * 86400
const t0 = performance.now()
{
  const conn = new Database(file)
  conn.pragma('journal_mode = WAL')
  conn.pragma('synchronous = OFF')
  const now = new Date().toISOString().replace('Z', '+00:00')
  conn.prepare('INSERT INTO Company (id, name, publicApiKey, timezone, createdAt, updatedAt) VALUES (1, ?, ?, ?, ?, ?)').run('Bench Store', 'BENCH1', TZ, now, now)
  conn.prepare('INSERT INTO Metric (id, companyId, name, integration, createdAt, updatedAt) VALUES (?, 1, ?, ?, ?, ?)').run('PlcOrd', 'Placed Order', 'api', now, now)
  const profile = conn.prepare('INSERT INTO Profile (id, companyId, email, createdAt, updatedAt) VALUES (?, 1, ?, ?, ?)')
  const event = conn.prepare('INSERT INTO Event (companyId, profileId, metricId, ts, value, currency, properties, createdAt) VALUES (1, ?, ?, ?, ?, ?, ?, ?)')
  const pid = (i: number) => 'P' + String(i).padStart(25, '0')
  let seed = 42
  const rand = () => ((seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 4294967296)
  const categories = ['Apparel', 'Footwear', 'Accessories', 'Home & Kitchen', 'Beauty', 'Outdoor']
  conn.transaction(() => {
    for (let i = 0; i < PROFILES; i++) profile.run(pid(i), `customer${i}@example.test`, now, now)
    for (let i = 0; i < N; i++) {
      const ts = START + Math.floor(((i + rand()) * 365 * 86400) / N)
      event.run(pid(Math.floor(rand() * PROFILES)), 'PlcOrd', ts, Math.round(rand() * 20000) / 100, 'USD',
        JSON.stringify({ Category: categories[Math.floor(rand() * categories.length)], ItemCount: 1 + Math.floor(rand() * 4) }), now)
    }
  })()
  conn.pragma('wal_checkpoint(TRUNCATE)')
  conn.close()
}
const loadMs = performance.now() - t0

// ---- the subject and the baseline ----
process.env.DATABASE_URL = 'file:' + file
const { queryMetricAggregates } = await import('../lib/metrics/query-metric-aggregates')
const { resolveTimeframe } = await import('../lib/metrics/timeframe')
const { sqlite } = await import('../lib/db/sqlite')
const { db } = await import('../lib/db/client')

// "Last 90 days" in New York as of the last data day: 90 local days, one DST change included.
const range = resolveTimeframe('last_90_days', { timeZone: TZ, now: new Date((END - 3600) * 1000) })
const filter = { start: new Date(range.start), end: new Date(range.end) }
const [s, e] = [Math.ceil(range.start / 1000), Math.ceil(range.end / 1000) - 1]

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
async function time(fn: () => unknown): Promise<number> {
  await fn() // warm-up: statement preparation, Prisma's first query, page cache
  const ms: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now()
    await fn()
    ms.push(performance.now() - t)
  }
  return median(ms)
}

const conn = sqlite()
const rows = (conn.prepare('SELECT COUNT(*) AS n FROM Event WHERE companyId = 1 AND metricId = ? AND ts BETWEEN ? AND ?').get('PlcOrd', s, e) as { n: number }).n
const baselineSql = {
  count: 'SELECT COUNT(*) FROM Event WHERE companyId = 1 AND metricId = ? AND ts BETWEEN ? AND ?',
  sum_value: 'SELECT TOTAL(value) FROM Event WHERE companyId = 1 AND metricId = ? AND ts BETWEEN ? AND ?',
  unique: 'SELECT COUNT(DISTINCT profileId) FROM Event WHERE companyId = 1 AND metricId = ? AND ts BETWEEN ? AND ?',
} as const
type M = keyof typeof baselineSql

const results: Array<{ label: string; engine: number; baseline: number | null; buckets: number }> = []
const check: Record<string, number> = {}
for (const m of ['count', 'sum_value', 'unique'] as M[]) {
  const stmt = conn.prepare(baselineSql[m]).pluck()
  let buckets = 0
  const engine = await time(async () => {
    const r = await queryMetricAggregates(1, { metricId: 'PlcOrd', measurements: [m], interval: 'day', timezone: TZ, filter })
    buckets = r.dates.length
    check[m] = r.data[0]!.measurements[m]!.reduce((a, b) => a + b, 0)
  })
  const baseline = await time(() => stmt.get('PlcOrd', s, e))
  if (m !== 'unique') check[`${m}_baseline`] = stmt.get('PlcOrd', s, e) as number
  results.push({ label: `${m}, 90 days daily`, engine, baseline, buckets })
}
{
  let buckets = 0
  const engine = await time(async () => {
    buckets = (await queryMetricAggregates(1, { metricId: 'PlcOrd', measurements: ['count', 'sum_value', 'unique'], interval: 'day', timezone: TZ, filter })).dates.length
  })
  results.push({ label: 'all three at once', engine, baseline: null, buckets })
  const byCat = await time(() => queryMetricAggregates(1, { metricId: 'PlcOrd', measurements: ['count'], interval: 'day', timezone: TZ, filter, by: ['Category'] }))
  results.push({ label: 'count by Category', engine: byCat, baseline: null, buckets })
  const weekly = await time(() => queryMetricAggregates(1, {
    metricId: 'PlcOrd', measurements: ['count'], interval: 'week', timezone: TZ, filter: { start: new Date(START * 1000), end: new Date(END * 1000) },
  }))
  results.push({ label: 'count, 1 year weekly', engine: weekly, baseline: null, buckets: 53 })
}

// ---- report ----
const fmt = (ms: number | null) => (ms == null ? '—' : `${ms.toFixed(1)} ms`)
console.log('Benchmark (e): 90-day daily metric aggregate over 1,000,000 events')
console.log(`Machine: ${machine}`)
console.log(`SQLite ${conn.prepare('SELECT sqlite_version()').pluck().get()}; data: ${N.toLocaleString('en')} events, ${PROFILES.toLocaleString('en')} profiles, 1 metric, one year (loaded in ${(loadMs / 1000).toFixed(1)} s)`)
console.log(`Range: last 90 days in ${TZ} → ${rows.toLocaleString('en')} events in range; median of ${RUNS} runs after one warm-up\n`)
console.log(['query'.padEnd(24), 'engine'.padStart(11), 'bare SQL'.padStart(11), 'ratio'.padStart(7), 'buckets'.padStart(8)].join('  '))
for (const r of results) {
  console.log([r.label.padEnd(24), fmt(r.engine).padStart(11), fmt(r.baseline).padStart(11),
    (r.baseline ? (r.engine / r.baseline).toFixed(2) + '×' : '—').padStart(7), String(r.buckets).padStart(8)].join('  '))
}
const sane = check.count === rows && Math.abs(check.sum_value! - check.sum_value_baseline!) < 0.01
console.log(`\nCheck: bucket sums equal the bare totals: ${sane ? 'yes' : 'NO'} (count ${check.count} vs ${rows})`)
const count = results[0]!.engine
const met = count < TARGET_MS && sane
console.log(`Target: 90-day daily count < ${TARGET_MS} ms → ${count.toFixed(1)} ms: ${met ? 'met' : 'NOT met'}`)
console.log('BENCH_RESULT ' + JSON.stringify({
  name: 'metrics', met, summary: `90-day daily count ${count.toFixed(1)} ms (bare COUNT ${results[0]!.baseline!.toFixed(1)} ms), target < ${TARGET_MS} ms`,
  engineMs: Object.fromEntries(results.map((r) => [r.label, Math.round(r.engine * 10) / 10])),
  baselineMs: Object.fromEntries(results.filter((r) => r.baseline != null).map((r) => [r.label, Math.round(r.baseline! * 10) / 10])),
  events: N, eventsInRange: rows, machine,
}))
await db.$disconnect()
conn.close()
removeDb()
