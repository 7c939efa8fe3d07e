// Benchmarks (c) and (d), on one engine, on one scratch database of 100,000 profiles and
// 1,000,000 events (loaded by the raw driver), in one run on one machine:
//   (d) full recompute of an event-count segment (createSegment → the 'segments.recompute' job
//       → isProcessing false), against the bare SQL `SELECT COUNT(*)` of the same compiled
//       predicate through the raw driver;
//   (c) event → segment membership latency: events sent through acceptEvent and processed by
//       the running worker (in-process, as `npm start` runs it), timed until the profile is a
//       member, against the bare insert of one event row through the raw driver.
//
//   npx tsx bench/segments.mts [--engine sqlite|postgres] [--quick] [--profiles 100000] [--events 1000000] [--samples 200]
//
// Targets: (d) < 5 s, (c) p99 < 1 s (both engines). Prints a final `BENCH_RESULT {json}` line.
import { sql } from 'kysely'
import {
  arg,
  engineArg,
  fmtInt,
  fmtMs,
  machine,
  pgLoad,
  pgWithoutIndexes,
  report,
  root,
  scratchDatabase,
} from './lib/common.mjs'
import { openRaw } from './lib/raw.mjs'

const ENGINE = engineArg()
const PROFILES = arg('profiles', 100_000, 10_000)
const EVENTS = arg('events', 1_000_000, 100_000)
const SAMPLES = arg('samples', 200, 30)
process.chdir(root)

const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!
}

// ---- the scratch database, migrated like the app's ----
const scratch = await scratchDatabase(ENGINE, 'segments')
process.env.DATABASE_URL = scratch.url
const raw = await openRaw(scratch)

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

console.log(`Bench (c) and (d) segments on ${ENGINE}: ${fmtInt(PROFILES)} profiles, ${fmtInt(EVENTS)} events`)
console.log(`Machine: ${machine()}`)
if (scratch.source) console.log(`PostgreSQL: ${scratch.source}`)

const now = new Date()
const nowSec = Math.floor(Date.now() / 1000)
await raw.run(`INSERT INTO "Company" ("name", "publicApiKey", "updatedAt") VALUES ('Bench', 'BENCH1', ?)`, [now])
const COMPANY = 1

// ---- data: profiles, then events (random profile, weighted metric, last 180 days) ----
let seed = 7
const rand = () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 4294967296
const METRICS: Array<[string, number]> = [
  ['Viewed Product', 0.4],
  ['Active on Site', 0.3],
  ['Added to Cart', 0.12],
  ['Started Checkout', 0.08],
  ['Placed Order', 0.05],
  ['Ordered Product', 0.05],
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
const profileRows: unknown[][] = []
for (let i = 0; i < PROFILES; i++) {
  const id = ulid(baseMs + i * 100)
  profileIds.push(id)
  profileRows.push([
    id,
    COMPANY,
    `shopper${i}@example.test`,
    `Shopper ${i}`,
    i % 7 === 0 ? 'Berlin' : 'Paris',
    '{}',
    now,
    now,
  ])
}
// Rows are generated first and written in profile order, which keeps most index inserts
// sequential (the data build is setup, not the measurement).
const rows: Array<[number, string, number, number | null, string]> = []
for (let i = 0; i < EVENTS; i++) {
  const m = pickMetric()
  rows.push([
    Math.floor(rand() * PROFILES),
    m,
    nowSec - Math.floor(rand() * 180 * 86400),
    m === metricIds.get('Placed Order') ? Math.round(rand() * 20000) / 100 : null,
    `{"Price":${Math.round(rand() * 200)}}`,
  ])
}
rows.sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0) || a[2] - b[2])
if (raw.sqlite) {
  const conn = raw.sqlite
  const addProfile = conn.prepare(
    `INSERT INTO Profile (id, companyId, email, firstName, city, properties, createdAt, updatedAt) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  )
  const iso = now.toISOString().replace('Z', '+00:00')
  conn.transaction(() => {
    for (const r of profileRows) addProfile.run(...r.slice(0, 6), iso, iso)
  })()
  const addEvent = conn.prepare(
    `INSERT INTO Event (companyId, profileId, metricId, ts, value, properties, createdAt) VALUES (?, ?, ?, ?, ?, ?, ?)`,
  )
  const CHUNK = 100_000
  for (let done = 0; done < EVENTS; done += CHUNK) {
    conn.transaction(() => {
      for (const [p, m, ts, value, props] of rows.slice(done, done + CHUNK))
        addEvent.run(COMPANY, profileIds[p]!, m, ts, value, props, iso)
    })()
  }
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
      ['firstName', 'text'],
      ['city', 'text'],
      ['properties', 'text'],
      ['createdAt', 'timestamp'],
      ['updatedAt', 'timestamp'],
    ],
    profileRows,
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
      rows.map(([p, m, ts, value, props]) => [COMPANY, profileIds[p]!, m, ts, value, props, now]),
    ),
  )
  await client.query('VACUUM ANALYZE')
}
rows.length = 0
profileRows.length = 0
console.log(`  data built in ${(ms(t) / 1000).toFixed(1)} s`)

// ---- (d) full recompute vs. the bare COUNT(*) of the same predicate ----
// Warm-up (not timed): the first job run loads the handlers and opens Prisma's connection.
await createSegment(COMPANY, {
  name: 'warm-up',
  definition: segmentDefinition.parse({
    version: 1,
    root: { type: 'and', conditions: [{ kind: 'location', field: 'city', operator: 'equals', value: 'Nowhere' }] },
  }),
})
await runJobsUntilIdle()
const SEGMENTS = [
  {
    label: 'Viewed Product ≥ 3 times in the last 30 days',
    condition: {
      kind: 'metric',
      metricId: metricIds.get('Viewed Product')!,
      comparison: 'at_least',
      count: 3,
      timeframe: { type: 'in_last_days', days: 30 },
    },
  },
  {
    label: 'Placed Order ≥ 1 time over all time',
    condition: {
      kind: 'metric',
      metricId: metricIds.get('Placed Order')!,
      comparison: 'at_least',
      count: 1,
      timeframe: { type: 'all_time' },
    },
  },
]
const recompute: Array<{ label: string; baselineMs: number; fullMs: number; rerunMs: number; members: number }> = []
for (const s of SEGMENTS) {
  const definition = segmentDefinition.parse({ version: 1, root: { type: 'and', conditions: [s.condition] } })
  const pred = compileDefinition(definition, { now: Math.floor(Date.now() / 1000) })
  const q = sql`SELECT COUNT(*) AS n FROM "Profile" p WHERE p."companyId" = ${COMPANY} AND ${pred}`.compile(kysely())
  await raw.native(q.sql, q.parameters) // warm-up (page cache), as the app's first recompute warmed above
  t = process.hrtime.bigint()
  const count = Number((await raw.native<{ n: number | string }>(q.sql, q.parameters))[0]!.n)
  const baselineMs = ms(t)
  t = process.hrtime.bigint()
  const seg = await createSegment(COMPANY, { name: s.label, definition })
  await runJobsUntilIdle()
  const fullMs = ms(t)
  const g = (await raw.get<{ memberCount: number; isProcessing: number | boolean }>(
    `SELECT "memberCount", "isProcessing" FROM "Group" WHERE "id" = ?`,
    [seg.id],
  ))!
  if (g.isProcessing || g.memberCount !== count)
    throw new Error(`recompute gave ${g.memberCount} members (processing ${g.isProcessing}), COUNT(*) says ${count}`)
  t = process.hrtime.bigint()
  const again = await recomputeSegment(COMPANY, seg.id)
  const rerunMs = ms(t)
  if (again.entered || again.left) throw new Error('a re-run changed the membership')
  recompute.push({ label: s.label, baselineMs, fullMs, rerunMs, members: count })
}

// ---- (c) event → membership latency through acceptEvent and the running worker ----
const trigger = await getOrCreateMetric(COMPANY, 'Bench Trigger')
const live = await createSegment(COMPANY, {
  name: 'Triggered recently',
  definition: segmentDefinition.parse({
    version: 1,
    root: {
      type: 'and',
      conditions: [
        {
          kind: 'metric',
          metricId: trigger.id,
          comparison: 'at_least',
          count: 1,
          timeframe: { type: 'in_last_days', days: 30 },
        },
        { kind: 'consent', channel: 'email_marketing', operator: 'can_receive' },
      ],
    },
  }),
})
await runJobsUntilIdle()
const worker = startWorker({ log: () => {} })
const isMember = (profileId: string) =>
  raw.get(`SELECT 1 AS x FROM "GroupMembership" WHERE "groupId" = ? AND "profileId" = ? AND "leftAt" IS NULL`, [
    live.id,
    profileId,
  ])
const sleep = (n: number) => new Promise((r) => setTimeout(r, n))
const latencies: number[] = []
for (let i = 0; i < SAMPLES; i++) {
  const k = Math.floor((i * PROFILES) / SAMPLES)
  const start = process.hrtime.bigint()
  await acceptEvent(COMPANY, {
    metric: { name: 'Bench Trigger' },
    profile: { email: `shopper${k}@example.test` },
    properties: { sample: i },
  })
  while (!(await isMember(profileIds[k]!))) {
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
  await raw.run(
    `INSERT INTO "Event" ("companyId", "profileId", "metricId", "ts", "value", "properties", "createdAt") VALUES (?, ?, ?, ?, ?, ?, ?)`,
    [COMPANY, profileIds[i]!, trigger.id, nowSec, null, '{}', now],
  )
  bare.push(ms(start))
}
await raw.close()
if (ENGINE === 'postgres') {
  const { closePgPool } = await import('@/lib/db/pg-pool')
  const { db } = await import('@/lib/db/client')
  await db.$disconnect().catch(() => {})
  await closePgPool()
}
await scratch.drop()

// ---- report ----
const f = (n: number) => n.toFixed(n < 10 ? 2 : 0).padStart(9)
console.log('')
console.log('(d) full recompute of one event-count segment (target < 5 s)')
console.log('                                                   members   COUNT(*) ms   recompute ms   re-run ms')
for (const r of recompute) {
  console.log(
    `  ${r.label.padEnd(46)} ${String(r.members).padStart(9)}   ${f(r.baselineMs)}     ${f(r.fullMs)}     ${f(r.rerunMs)}   ${r.fullMs < 5000 ? 'met' : 'NOT met'}`,
  )
}
const p = (xs: number[]) => ({ p50: pct(xs, 50), p95: pct(xs, 95), p99: pct(xs, 99), max: Math.max(...xs) })
const lat = p(latencies)
const ins = p(bare)
console.log('')
console.log(`(c) event → segment membership latency over ${SAMPLES} events (target p99 < 1 s)`)
console.log('                                          p50 ms     p95 ms     p99 ms     max ms')
console.log(`  bare event insert (baseline)       ${f(ins.p50)}  ${f(ins.p95)}  ${f(ins.p99)}  ${f(ins.max)}`)
console.log(
  `  acceptEvent → worker → member      ${f(lat.p50)}  ${f(lat.p95)}  ${f(lat.p99)}  ${f(lat.max)}   ${lat.p99 < 1000 ? 'met' : 'NOT met'}`,
)
report(
  'segments',
  ENGINE,
  [
    {
      figure: '(c)',
      what: `event → segment membership, p99 of ${SAMPLES} (p50 ${fmtMs(lat.p50)})`,
      ours: fmtMs(lat.p99),
      baseline: `${fmtMs(ins.p99)} bare insert`,
      ratio: Number((ins.p99 / lat.p99).toFixed(4)),
      target: 'p99 < 1 s',
      met: lat.p99 < 1000,
    },
    ...recompute.map((r, i) => ({
      figure: '(d)',
      what: `recompute ${i === 0 ? 'Viewed Product ≥ 3 in 30 days' : 'Placed Order ≥ 1 ever'} (${fmtInt(r.members)} members)`,
      ours: fmtMs(r.fullMs),
      baseline: `${fmtMs(r.baselineMs)} COUNT(*)`,
      ratio: Number((r.baselineMs / r.fullMs).toFixed(3)),
      target: '< 5 s',
      met: r.fullMs < 5000,
    })),
  ],
  { profiles: PROFILES, events: EVENTS, recompute, latency: lat, bareInsert: ins },
)
process.exit(0)
