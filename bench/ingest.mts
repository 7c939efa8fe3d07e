// Benchmark (b) of issue 3 §10: bulk event ingestion (lib/events/ingest-events.ts
// ingestEvents, batches of 1,000: validation, profile resolution and creation, metric lookup,
// dedupe, lastEventAt, segment re-evaluation) against a raw better-sqlite3 batched INSERT of
// the same rows into the same Event table layout (the baseline: the cost of writing alone).
// Both run in this process, one after the other, on scratch databases made from the same
// migrations, with the same connection settings (WAL, synchronous=NORMAL, foreign keys on).
//
//   npx tsx bench/ingest.mts [--events 200000] [--profiles 20000] [--batch 1000]
//
// Target: ingest events/s ≥ 0.25 × baseline events/s. Prints a final `BENCH_RESULT {json}`
// line for bench/run-all.mjs.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'

const arg = (name: string, dflt: number) => {
  const i = process.argv.indexOf(`--${name}`)
  return i > 0 ? Number(process.argv[i + 1]) : dflt
}
const N = arg('events', 200_000)
const PROFILES = arg('profiles', 20_000)
const BATCH = arg('batch', 1_000)
const TARGET = 0.25
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..')
process.chdir(root)

function machine(): string {
  const cpu = os.cpus()
  return `${cpu[0]?.model ?? 'unknown CPU'}, ${cpu.length} cores, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM, Node ${process.version}, ${os.platform()} ${os.release()}`
}

function scratchDb(label: string): string {
  const file = path.join(os.tmpdir(), `bench-${label}-${process.pid}.db`)
  for (const f of [file, file + '-wal', file + '-shm']) fs.rmSync(f, { force: true })
  execFileSync(process.execPath, ['scripts/db.mjs', 'deploy'], { env: { ...process.env, DATABASE_URL: 'file:' + file }, stdio: 'ignore' })
  return file
}
const removeDb = (file: string) => { for (const f of [file, file + '-wal', file + '-shm']) fs.rmSync(f, { force: true }) }

// ---- the input: N events in the lib's EventInput shape, for PROFILES profiles ----
const METRICS = ['Viewed Product', 'Active on Site', 'Added to Cart', 'Started Checkout', 'Placed Order']
const CATEGORIES = ['Apparel', 'Footwear', 'Accessories', 'Home & Kitchen', 'Beauty', 'Outdoor']
let seed = 42
const rand = () => ((seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 4294967296)
const start = Date.UTC(2026, 0, 1) / 1000

interface Input {
  metric: { name: string }
  profile: { email: string; firstName?: string }
  properties: Record<string, unknown>
  time: string
  value?: number
  uniqueId: string
}
const inputs: Input[] = []
for (let i = 0; i < N; i++) {
  const p = Math.floor(rand() * PROFILES)
  const metric = METRICS[Math.floor(rand() * METRICS.length)]!
  const price = Math.round(rand() * 20000) / 100
  const product = Math.floor(rand() * 50)
  inputs.push({
    metric: { name: metric },
    profile: { email: `shopper${p}@example.test`, ...(p % 3 === 0 ? { firstName: `Shopper ${p}` } : {}) },
    properties: {
      ProductName: `Product ${product}`, ProductID: String(7401000 + product), Categories: [CATEGORIES[product % CATEGORIES.length]],
      Price: price, URL: `https://shop.example/products/p-${product}`, Brand: 'Northwind',
    },
    time: new Date((start + i * 30) * 1000).toISOString(),
    ...(metric === 'Placed Order' || metric === 'Added to Cart' ? { value: price } : {}),
    uniqueId: `ev-${i}`,
  })
}
const emails = [...new Set(inputs.map((e) => e.profile.email))]

// ---- baseline: raw batched INSERT of the same rows ----
async function baseline(): Promise<number> {
  const file = scratchDb('ingest-raw')
  const conn = new Database(file)
  conn.pragma('journal_mode = WAL')
  conn.pragma('synchronous = NORMAL')
  conn.pragma('foreign_keys = ON')
  const now = new Date().toISOString().replace('Z', '+00:00')
  conn.prepare(`INSERT INTO Company (name, publicApiKey, updatedAt) VALUES ('Bench', 'BENCH1', ?)`).run(now)
  const metricIds = new Map(METRICS.map((m, i) => [m, `m${i}xxxx`]))
  const addMetric = conn.prepare(`INSERT INTO Metric (id, companyId, name, createdAt, updatedAt) VALUES (?, 1, ?, ?, ?)`)
  for (const [name, id] of metricIds) addMetric.run(id, name, now, now)
  // The profiles exist beforehand: the baseline is the event write alone.
  const profileIds = new Map<string, string>()
  const addProfile = conn.prepare(`INSERT INTO Profile (id, companyId, email, createdAt, updatedAt) VALUES (?, 1, ?, ?, ?)`)
  conn.transaction(() => emails.forEach((email, i) => {
    const id = 'P' + String(i).padStart(25, '0')
    profileIds.set(email, id)
    addProfile.run(id, email, now, now)
  }))()
  // Rows ready to bind (the conversion is not timed: the baseline is the insert itself).
  const rows = inputs.map((e) => [
    1, profileIds.get(e.profile.email)!, metricIds.get(e.metric.name)!, Math.floor(Date.parse(e.time) / 1000), e.value ?? null,
    e.value != null ? 'USD' : null, e.uniqueId, JSON.stringify(e.properties), now,
  ])
  const insert = conn.prepare(`INSERT OR IGNORE INTO Event (companyId, profileId, metricId, ts, value, currency, uniqueId, properties, createdAt)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`)
  const writeBatch = conn.transaction((batch: unknown[][]) => { for (const r of batch) insert.run(...r) })
  const t0 = process.hrtime.bigint()
  for (let i = 0; i < rows.length; i += BATCH) writeBatch(rows.slice(i, i + BATCH))
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9
  const count = conn.prepare('SELECT COUNT(*) FROM Event').pluck().get() as number
  conn.close()
  removeDb(file)
  if (count !== N) throw new Error(`baseline wrote ${count} events, expected ${N}`)
  return seconds
}

// ---- the subject: ingestEvents in batches ----
async function ingest(): Promise<{ seconds: number; profiles: number }> {
  const file = scratchDb('ingest-lib')
  process.env.DATABASE_URL = 'file:' + file
  const { sqlite } = await import('@/lib/db/sqlite')
  const { ingestEvents } = await import('@/lib/events/ingest-events')
  const conn = sqlite()
  conn.prepare(`INSERT INTO Company (name, publicApiKey, updatedAt) VALUES ('Bench', 'BENCH1', ?)`).run(new Date().toISOString().replace('Z', '+00:00'))
  const t0 = process.hrtime.bigint()
  for (let i = 0; i < inputs.length; i += BATCH) await ingestEvents(1, inputs.slice(i, i + BATCH))
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9
  const count = conn.prepare('SELECT COUNT(*) FROM Event').pluck().get() as number
  const profiles = conn.prepare('SELECT COUNT(*) FROM Profile').pluck().get() as number
  conn.close()
  removeDb(file)
  if (count !== N) throw new Error(`ingestEvents wrote ${count} events, expected ${N}`)
  return { seconds, profiles }
}

console.log(`Bench (b) bulk ingest: ${N.toLocaleString('en-US')} events, ${emails.length.toLocaleString('en-US')} profiles, batches of ${BATCH}`)
console.log(`Machine: ${machine()}`)
const rawSeconds = await baseline()
const lib = await ingest()
const rawRate = N / rawSeconds
const libRate = N / lib.seconds
const ratio = libRate / rawRate
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log('')
console.log('                                   events/s     seconds')
console.log(`  raw better-sqlite3 insert   ${fmt(rawRate).padStart(12)}  ${rawSeconds.toFixed(2).padStart(10)}   (baseline)`)
console.log(`  ingestEvents (lib)          ${fmt(libRate).padStart(12)}  ${lib.seconds.toFixed(2).padStart(10)}   (created ${fmt(lib.profiles)} profiles)`)
console.log(`  ratio                       ${ratio.toFixed(2).padStart(12)}               target ≥ ${TARGET}: ${ratio >= TARGET ? 'met' : 'NOT met'}`)
console.log('BENCH_RESULT ' + JSON.stringify({
  bench: 'ingest', events: N, profiles: emails.length, batch: BATCH, baselineEventsPerSec: Math.round(rawRate), ingestEventsPerSec: Math.round(libRate),
  ratio: Number(ratio.toFixed(3)), target: TARGET, met: ratio >= TARGET, machine: machine(),
}))
