// Benchmarks (c) and (d) of issue 3 §10, on one scratch database of 100,000 profiles and
// 1,000,000 events (fast raw inserts), in one run on one machine:
//   (d) full recompute of an event-count segment (createSegment → the 'segments.recompute' job
//       → isProcessing false), against the bare SQL `SELECT COUNT(*)` of the same predicate;
//   (c) event → segment membership latency: events sent through acceptEvent and processed by
//       the running worker (in-process, as `npm start` runs it), timed until the profile is a
//       member, against the bare insert of one event row.
//
//   npx tsx bench/segments.mts [--profiles 100000] [--events 1000000] [--samples 200]
//
// Targets: (d) < 5 s, (c) p99 < 1 s. Prints a final `BENCH_RESULT {json}` line for bench/run-all.mjs.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const arg = (name: string, dflt: number) => {
  const i = process.argv.indexOf(`--${name}`)
  return i > 0 ? Number(process.argv[i + 1]) : dflt
}
const PROFILES = arg('profiles', 100_000)
const EVENTS = arg('events', 1_000_000)
const SAMPLES = arg('samples', 200)
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..')
process.chdir(root)

function machine(): string {
  const cpu = os.cpus()
  return `${cpu[0]?.model ?? 'unknown CPU'}, ${cpu.length} cores, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM, Node ${process.version}, ${os.platform()} ${os.release()}`
}
const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!
}

// ---- the scratch database, migrated like the app's ----
const file = path.join(os.tmpdir(), `bench-segments-${process.pid}.db`)
const removeDb = () => { for (const f of [file, file + '-wal', file + '-shm']) fs.rmSync(f, { force: true }) }
removeDb()
execFileSync(process.execPath, ['scripts/db.mjs', 'deploy'], { env: { ...process.env, DATABASE_URL: 'file:' + file }, stdio: 'ignore' })
process.env.DATABASE_URL = 'file:' + file

const { sqlite, sqlDate } = await import('@/lib/db/sqlite')
const { ulid } = await import('@/lib/ids/make-id')
const { createSegment } = await import('@/lib/groups/create-segment')
const { compileDefinition } = await import('@/lib/segments/compile-definition')
const { kysely } = await import('@/lib/db/kysely')
const { segmentDefinition } = await import('@/lib/segments/definition')
const { recomputeSegment } = await import('@/lib/segments/recompute-segment')
const { runJobsUntilIdle, startWorker } = await import('@/lib/jobs/queue')
;(await import('@/lib/server/job-handlers')).registerJobHandlers()
const { acceptEvent } = await import('@/lib/events/accept-event')
const { getOrCreateMetric } = await import('@/lib/events/get-or-create-metric')

console.log(`Bench (c) and (d) segments: ${PROFILES.toLocaleString('en-US')} profiles, ${EVENTS.toLocaleString('en-US')} events`)
console.log(`Machine: ${machine()}`)

const conn = sqlite()
const now = sqlDate()
const nowSec = Math.floor(Date.now() / 1000)
conn.prepare(`INSERT INTO Company (name, publicApiKey, updatedAt) VALUES ('Bench', 'BENCH1', ?)`).run(now)
const COMPANY = 1

// ---- data: profiles, then events (random profile, weighted metric, last 180 days) ----
let seed = 7
const rand = () => ((seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 4294967296)
const METRICS: Array<[string, number]> = [
  ['Viewed Product', 0.4], ['Active on Site', 0.3], ['Added to Cart', 0.12], ['Started Checkout', 0.08], ['Placed Order', 0.05], ['Ordered Product', 0.05],
]
const metricIds = new Map<string, string>()
for (const [name] of METRICS) metricIds.set(name, (await getOrCreateMetric(COMPANY, name)).id)
const pickMetric = () => {
  let r = rand()
  for (const [name, w] of METRICS) if ((r -= w) < 0) return metricIds.get(name)!
  return metricIds.get(METRICS[0]![0])!
}

let t = process.hrtime.bigint()
const profileIds: string[] = []
const baseMs = Date.now() - 365 * 86400_000
const addProfile = conn.prepare(`INSERT INTO Profile (id, companyId, email, firstName, city, properties, createdAt, updatedAt) VALUES (?, ?, ?, ?, ?, '{}', ?, ?)`)
conn.transaction(() => {
  for (let i = 0; i < PROFILES; i++) {
    const id = ulid(baseMs + i * 100)
    profileIds.push(id)
    addProfile.run(id, COMPANY, `shopper${i}@example.test`, `Shopper ${i}`, i % 7 === 0 ? 'Berlin' : 'Paris', now, now)
  }
})()
const addEvent = conn.prepare(`INSERT INTO Event (companyId, profileId, metricId, ts, value, properties, createdAt) VALUES (?, ?, ?, ?, ?, ?, ?)`)
// Rows are generated first and written in profile order, which keeps most index inserts
// sequential (the data build is setup, not the measurement).
const rows: Array<[number, string, number, number | null, string]> = []
for (let i = 0; i < EVENTS; i++) {
  const m = pickMetric()
  rows.push([Math.floor(rand() * PROFILES), m, nowSec - Math.floor(rand() * 180 * 86400),
    m === metricIds.get('Placed Order') ? Math.round(rand() * 20000) / 100 : null, `{"Price":${Math.round(rand() * 200)}}`])
}
rows.sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0) || a[2] - b[2])
const CHUNK = 100_000
for (let done = 0; done < EVENTS; done += CHUNK) {
  conn.transaction(() => {
    for (const [p, m, ts, value, props] of rows.slice(done, done + CHUNK)) addEvent.run(COMPANY, profileIds[p]!, m, ts, value, props, now)
  })()
}
rows.length = 0
conn.exec('ANALYZE')
console.log(`  data built in ${(ms(t) / 1000).toFixed(1)} s`)

// ---- (d) full recompute vs. the bare COUNT(*) of the same predicate ----
// Warm-up (not timed): the first job run loads the handlers and opens Prisma's connection.
await createSegment(COMPANY, { name: 'warm-up', definition: segmentDefinition.parse({ version: 1, root: { type: 'and', conditions: [
  { kind: 'location', field: 'city', operator: 'equals', value: 'Nowhere' }] } }) })
await runJobsUntilIdle()
const SEGMENTS = [
  { label: 'Viewed Product ≥ 3 times in the last 30 days', condition: { kind: 'metric', metricId: metricIds.get('Viewed Product')!, comparison: 'at_least', count: 3, timeframe: { type: 'in_last_days', days: 30 } } },
  { label: 'Placed Order ≥ 1 time over all time', condition: { kind: 'metric', metricId: metricIds.get('Placed Order')!, comparison: 'at_least', count: 1, timeframe: { type: 'all_time' } } },
]
const recompute: Array<{ label: string; baselineMs: number; fullMs: number; rerunMs: number; members: number }> = []
for (const s of SEGMENTS) {
  const definition = segmentDefinition.parse({ version: 1, root: { type: 'and', conditions: [s.condition] } })
  const pred = compileDefinition(definition, { now: Math.floor(Date.now() / 1000) }).compile(kysely())
  t = process.hrtime.bigint()
  const count = conn.prepare(`SELECT COUNT(*) FROM Profile p WHERE p.companyId = ? AND ${pred.sql}`).pluck().get(COMPANY, ...pred.parameters) as number
  const baselineMs = ms(t)
  t = process.hrtime.bigint()
  const seg = await createSegment(COMPANY, { name: s.label, definition })
  await runJobsUntilIdle()
  const fullMs = ms(t)
  const g = conn.prepare(`SELECT memberCount, isProcessing FROM "Group" WHERE id = ?`).get(seg.id) as { memberCount: number; isProcessing: number }
  if (g.isProcessing || g.memberCount !== count) throw new Error(`recompute gave ${g.memberCount} members (processing ${g.isProcessing}), COUNT(*) says ${count}`)
  t = process.hrtime.bigint()
  const again = await recomputeSegment(COMPANY, seg.id)
  const rerunMs = ms(t)
  if (again.entered || again.left) throw new Error('a re-run changed the membership')
  recompute.push({ label: s.label, baselineMs, fullMs, rerunMs, members: count })
}

// ---- (c) event → membership latency through acceptEvent and the running worker ----
const trigger = await getOrCreateMetric(COMPANY, 'Bench Trigger')
const live = await createSegment(COMPANY, { name: 'Triggered recently', definition: segmentDefinition.parse({ version: 1, root: { type: 'and', conditions: [
  { kind: 'metric', metricId: trigger.id, comparison: 'at_least', count: 1, timeframe: { type: 'in_last_days', days: 30 } },
  { kind: 'consent', channel: 'email_marketing', operator: 'can_receive' },
] } }) })
await runJobsUntilIdle()
const worker = startWorker({ log: () => {} })
const isMember = conn.prepare(`SELECT 1 FROM GroupMembership WHERE groupId = ? AND profileId = ? AND leftAt IS NULL`).pluck()
const sleep = (n: number) => new Promise((r) => setTimeout(r, n))
const latencies: number[] = []
for (let i = 0; i < SAMPLES; i++) {
  const k = Math.floor((i * PROFILES) / SAMPLES)
  const start = process.hrtime.bigint()
  await acceptEvent(COMPANY, { metric: { name: 'Bench Trigger' }, profile: { email: `shopper${k}@example.test` }, properties: { sample: i } })
  while (!isMember.get(live.id, profileIds[k])) {
    if (ms(start) > 10_000) throw new Error(`profile ${k} did not enter the segment within 10 s`)
    await sleep(1)
  }
  latencies.push(ms(start))
  await sleep(5)
}
await worker.stop()

// Baseline: the bare insert of one event row (autocommit, like a single request would).
const bare: number[] = []
for (let i = 0; i < SAMPLES; i++) {
  const start = process.hrtime.bigint()
  addEvent.run(COMPANY, profileIds[i]!, trigger.id, nowSec, null, '{}', now)
  bare.push(ms(start))
}
conn.close()
removeDb()

// ---- report ----
const f = (n: number) => n.toFixed(n < 10 ? 2 : 0).padStart(9)
console.log('')
console.log('(d) full recompute of one event-count segment (target < 5 s)')
console.log('                                                   members   COUNT(*) ms   recompute ms   re-run ms')
for (const r of recompute) {
  console.log(`  ${r.label.padEnd(46)} ${String(r.members).padStart(9)}   ${f(r.baselineMs)}     ${f(r.fullMs)}     ${f(r.rerunMs)}   ${r.fullMs < 5000 ? 'met' : 'NOT met'}`)
}
const p = (xs: number[]) => ({ p50: pct(xs, 50), p95: pct(xs, 95), p99: pct(xs, 99), max: Math.max(...xs) })
const lat = p(latencies)
const ins = p(bare)
console.log('')
console.log(`(c) event → segment membership latency over ${SAMPLES} events (target p99 < 1 s)`)
console.log('                                          p50 ms     p95 ms     p99 ms     max ms')
console.log(`  bare event insert (baseline)       ${f(ins.p50)}  ${f(ins.p95)}  ${f(ins.p99)}  ${f(ins.max)}`)
console.log(`  acceptEvent → worker → member      ${f(lat.p50)}  ${f(lat.p95)}  ${f(lat.p99)}  ${f(lat.max)}   ${lat.p99 < 1000 ? 'met' : 'NOT met'}`)
const worst = Math.max(...recompute.map((r) => r.fullMs))
const met = worst < 5000 && lat.p99 < 1000
console.log('BENCH_RESULT ' + JSON.stringify({
  bench: 'segments', profiles: PROFILES, events: EVENTS, met,
  summary: `(d) recompute ${recompute.map((r) => `${(r.fullMs / 1000).toFixed(2)} s`).join(' / ')} (target < 5 s); (c) p50 ${lat.p50.toFixed(0)} ms, p99 ${lat.p99.toFixed(0)} ms (target < 1 s)`,
  recompute, latency: lat, bareInsert: ins, machine: machine(),
}))
process.exit(0)
