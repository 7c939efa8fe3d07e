// Benchmark (b): bulk event ingestion (lib/events/ingest-events.ts ingestEvents, batches of
// 1,000: validation, profile resolution and creation, metric lookup, dedupe, lastEventAt,
// segment re-evaluation) against the raw driver's batched insert of the same rows into the same
// Event table (the baseline: the cost of writing alone), on one engine:
//   SQLite: better-sqlite3, one prepared INSERT OR IGNORE per row, a transaction per 1,000 rows
//           (WAL, synchronous=NORMAL, foreign keys on, as the app connects);
//   PostgreSQL: `pg`, one multi-row INSERT … ON CONFLICT DO NOTHING of 1,000 rows per statement.
// Both sides run in this process, one after the other, on fresh databases from the migrations.
//
//   npx tsx bench/ingest.mts [--engine sqlite|postgres] [--quick] [--events 20000] [--profiles 2000] [--batch 1000] [--rounds 1]
//
// Target (issue 22 §4 b): ingest events/s ≥ 0.5 × baseline events/s on both engines.
// --rounds N runs the whole measurement N times, each in a fresh process on fresh databases,
// and reports the median ratio: on a shared machine one pair of timings swings with the load.
import { execFileSync } from 'node:child_process'
import Database from 'better-sqlite3'
import pg from 'pg'
import { arg, engineArg, fmtInt, machine, report, root, scratchDatabase } from './lib/common.mjs'

const ENGINE = engineArg()
const N = arg('events', 20_000, 5_000)
const PROFILES = arg('profiles', 2_000, 500)
const BATCH = arg('batch', 1_000)
const TARGET = 0.5
const ROUNDS = arg('rounds', 1)
process.chdir(root)

if (ROUNDS > 1) {
  const args = process.argv.slice(2).filter((a, i, all) => a !== '--rounds' && all[i - 1] !== '--rounds')
  const runs: { ratio: number; ours: number; baseline: number }[] = []
  for (let r = 0; r < ROUNDS; r++) {
    const out = execFileSync(process.execPath, ['--import', 'tsx', 'bench/ingest.mts', ...args], { encoding: 'utf8' })
    const result = JSON.parse(
      out
        .split('\n')
        .find((l) => l.startsWith('BENCH_RESULT '))!
        .slice(13),
    )
    runs.push({ ratio: result.rows[0].ratio, ours: result.ingestEventsPerSec, baseline: result.baselineEventsPerSec })
    console.log(
      `  round ${r + 1}: ${fmtInt(runs[r]!.ours)} vs ${fmtInt(runs[r]!.baseline)} events/s, ratio ${runs[r]!.ratio}`,
    )
  }
  const median = <T,>(xs: T[], key: (x: T) => number) =>
    [...xs].sort((a, b) => key(a) - key(b))[Math.floor(xs.length / 2)]!
  const mid = median(runs, (r) => r.ratio)
  console.log(`  median ratio ${mid.ratio} (target ≥ ${TARGET}: ${mid.ratio >= TARGET ? 'met' : 'NOT met'})`)
  report(
    'ingest',
    ENGINE,
    [
      {
        figure: '(b)',
        what: `ingestEvents, ${fmtInt(N)} events, median of ${ROUNDS} rounds`,
        ours: `${fmtInt(mid.ours)} ev/s`,
        baseline: `${fmtInt(mid.baseline)} ev/s`,
        ratio: mid.ratio,
        target: `≥ ${TARGET}`,
        met: mid.ratio >= TARGET,
      },
    ],
    { rounds: runs },
  )
  process.exit(0)
}

// ---- the input: N events in the lib's EventInput shape, for PROFILES profiles ----
const METRICS = ['Viewed Product', 'Active on Site', 'Added to Cart', 'Started Checkout', 'Placed Order']
const CATEGORIES = ['Apparel', 'Footwear', 'Accessories', 'Home & Kitchen', 'Beauty', 'Outdoor']
let seed = 42
const rand = () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 4294967296
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
      ProductName: `Product ${product}`,
      ProductID: String(7401000 + product),
      Categories: [CATEGORIES[product % CATEGORIES.length]],
      Price: price,
      URL: `https://shop.example/products/p-${product}`,
      Brand: 'Northwind',
    },
    time: new Date((start + i * 30) * 1000).toISOString(),
    ...(metric === 'Placed Order' || metric === 'Added to Cart' ? { value: price } : {}),
    uniqueId: `ev-${i}`,
  })
}
const emails = [...new Set(inputs.map((e) => e.profile.email))]
const metricIds = new Map(METRICS.map((m, i) => [m, `m${i}xxxx`]))
const profileIds = new Map(emails.map((email, i) => [email, 'P' + String(i).padStart(25, '0')]))
// Rows ready to bind (the conversion is not timed: the baseline is the insert itself).
const rows = inputs.map((e) => [
  1,
  profileIds.get(e.profile.email)!,
  metricIds.get(e.metric.name)!,
  Math.floor(Date.parse(e.time) / 1000),
  e.value ?? null,
  e.value != null ? 'USD' : null,
  e.uniqueId,
  JSON.stringify(e.properties),
])

// ---- baseline: the raw driver's batched INSERT of the same rows (profiles and metrics exist) ----
async function baselineSqlite(file: string): Promise<number> {
  const conn = new Database(file)
  conn.pragma('journal_mode = WAL')
  conn.pragma('synchronous = NORMAL')
  conn.pragma('foreign_keys = ON')
  const now = new Date().toISOString().replace('Z', '+00:00')
  conn.prepare(`INSERT INTO Company (name, publicApiKey, updatedAt) VALUES ('Bench', 'BENCH1', ?)`).run(now)
  const addMetric = conn.prepare(
    `INSERT INTO Metric (id, companyId, name, createdAt, updatedAt) VALUES (?, 1, ?, ?, ?)`,
  )
  for (const [name, id] of metricIds) addMetric.run(id, name, now, now)
  const addProfile = conn.prepare(
    `INSERT INTO Profile (id, companyId, email, createdAt, updatedAt) VALUES (?, 1, ?, ?, ?)`,
  )
  conn.transaction(() => {
    for (const [email, id] of profileIds) addProfile.run(id, email, now, now)
  })()
  const insert =
    conn.prepare(`INSERT OR IGNORE INTO Event (companyId, profileId, metricId, ts, value, currency, uniqueId, properties, createdAt)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`)
  const writeBatch = conn.transaction((batch: unknown[][]) => {
    for (const r of batch) insert.run(...r, now)
  })
  const t0 = process.hrtime.bigint()
  for (let i = 0; i < rows.length; i += BATCH) writeBatch(rows.slice(i, i + BATCH))
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9
  const count = conn.prepare('SELECT COUNT(*) FROM Event').pluck().get() as number
  conn.close()
  if (count !== N) throw new Error(`baseline wrote ${count} events, expected ${N}`)
  return seconds
}

/** A multi-row INSERT of rows (arrays of column values) into table, in statements of `per` rows. */
async function insertMany(client: pg.Client, head: string, rowsIn: unknown[][], per: number, tail = '') {
  for (let i = 0; i < rowsIn.length; i += per) {
    const chunk = rowsIn.slice(i, i + per)
    const width = chunk[0]!.length
    const values = chunk
      .map((_, r) => `(${Array.from({ length: width }, (_, c) => `$${r * width + c + 1}`).join(', ')})`)
      .join(', ')
    await client.query(`${head} VALUES ${values} ${tail}`, chunk.flat())
  }
}

async function baselinePostgres(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  await client.query(`INSERT INTO "Company" (name, "publicApiKey", "updatedAt") VALUES ('Bench', 'BENCH1', now())`)
  await insertMany(
    client,
    `INSERT INTO "Metric" (id, "companyId", name, "updatedAt")`,
    [...metricIds].map(([name, id]) => [id, 1, name, new Date()]),
    1000,
  )
  await insertMany(
    client,
    `INSERT INTO "Profile" (id, "companyId", email, "updatedAt")`,
    [...profileIds].map(([email, id]) => [id, 1, email, new Date()]),
    1000,
  )
  const t0 = process.hrtime.bigint()
  await insertMany(
    client,
    `INSERT INTO "Event" ("companyId", "profileId", "metricId", ts, value, currency, "uniqueId", properties)`,
    rows,
    BATCH,
    'ON CONFLICT DO NOTHING',
  )
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9
  const count = Number((await client.query('SELECT COUNT(*) AS n FROM "Event"')).rows[0].n)
  await client.end()
  if (count !== N) throw new Error(`baseline wrote ${count} events, expected ${N}`)
  return seconds
}

// ---- the subject: ingestEvents in batches ----
async function ingest(url: string): Promise<{ seconds: number; profiles: number }> {
  process.env.DATABASE_URL = url
  const { ingestEvents } = await import('@/lib/events/ingest-events')
  ;(await import('@/lib/server/consumers')).registerConsumers() // flow triggers, attribution, segments
  let count: () => Promise<[number, number]>
  let close: () => Promise<void>
  if (ENGINE === 'sqlite') {
    const conn = new Database(url.slice('file:'.length))
    const add = conn.prepare(`INSERT INTO Company (name, publicApiKey, updatedAt) VALUES (?, ?, ?)`)
    for (const n of [1, 2]) add.run(`Bench ${n}`, `BENCH${n}`, new Date().toISOString().replace('Z', '+00:00'))
    count = async () => [
      conn.prepare('SELECT COUNT(*) FROM Event WHERE companyId = 1').pluck().get() as number,
      conn.prepare('SELECT COUNT(*) FROM Profile WHERE companyId = 1').pluck().get() as number,
    ]
    close = async () => {
      conn.close()
    }
  } else {
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    await client.query(
      `INSERT INTO "Company" (name, "publicApiKey", "updatedAt") VALUES ('Bench 1', 'BENCH1', now()), ('Bench 2', 'BENCH2', now())`,
    )
    count = async () => {
      const r = (
        await client.query(
          'SELECT (SELECT COUNT(*) FROM "Event" WHERE "companyId" = 1) AS e, (SELECT COUNT(*) FROM "Profile" WHERE "companyId" = 1) AS p',
        )
      ).rows[0]
      return [Number(r.e), Number(r.p)]
    }
    close = () => client.end()
  }
  // Warm-up, not timed (module loading, the first connections, statement caches): a few
  // events of another company, so company 1 still starts empty.
  await ingestEvents(
    2,
    inputs.slice(0, 200).map((e) => ({ ...e, profile: { email: 'warm-' + e.profile.email } })),
  )
  const t0 = process.hrtime.bigint()
  for (let i = 0; i < inputs.length; i += BATCH) await ingestEvents(1, inputs.slice(i, i + BATCH))
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9
  const [events, profiles] = await count()
  await close()
  if (events !== N) throw new Error(`ingestEvents wrote ${events} events, expected ${N}`)
  return { seconds, profiles }
}

console.log(
  `Bench (b) bulk ingest on ${ENGINE}: ${fmtInt(N)} events, ${fmtInt(emails.length)} profiles, batches of ${BATCH}`,
)
console.log(`Machine: ${machine()}`)
const rawDb = await scratchDatabase(ENGINE, 'ingest_raw')
if (rawDb.source) console.log(`PostgreSQL: ${rawDb.source}`)
const rawSeconds = ENGINE === 'sqlite' ? await baselineSqlite(rawDb.file!) : await baselinePostgres(rawDb.url)
await rawDb.drop()
const libDb = await scratchDatabase(ENGINE, 'ingest_lib')
const lib = await ingest(libDb.url)
if (ENGINE === 'postgres') {
  const { closePgPool } = await import('@/lib/db/pg-pool')
  const { db } = await import('@/lib/db/client')
  await db.$disconnect().catch(() => {})
  await closePgPool()
}
await libDb.drop()

const rawRate = N / rawSeconds
const libRate = N / lib.seconds
const ratio = libRate / rawRate
const baselineLabel = ENGINE === 'sqlite' ? 'raw better-sqlite3 insert' : 'raw pg multi-row INSERT '
console.log('')
console.log('                                   events/s     seconds')
console.log(`  ${baselineLabel}   ${fmtInt(rawRate).padStart(12)}  ${rawSeconds.toFixed(2).padStart(10)}   (baseline)`)
console.log(
  `  ingestEvents (lib)          ${fmtInt(libRate).padStart(12)}  ${lib.seconds.toFixed(2).padStart(10)}   (created ${fmtInt(lib.profiles)} profiles)`,
)
console.log(
  `  ratio                       ${ratio.toFixed(2).padStart(12)}               target ≥ ${TARGET}: ${ratio >= TARGET ? 'met' : 'NOT met'}`,
)
report(
  'ingest',
  ENGINE,
  [
    {
      figure: '(b)',
      what: `ingestEvents, ${fmtInt(N)} events / ${fmtInt(emails.length)} profiles, batches of ${BATCH}`,
      ours: `${fmtInt(libRate)} ev/s`,
      baseline: `${fmtInt(rawRate)} ev/s`,
      ratio: Number(ratio.toFixed(3)),
      target: `≥ ${TARGET}`,
      met: ratio >= TARGET,
    },
  ],
  {
    events: N,
    profiles: emails.length,
    batch: BATCH,
    baselineEventsPerSec: Math.round(rawRate),
    ingestEventsPerSec: Math.round(libRate),
  },
)
process.exit(0)
