// PostgreSQL ingestion scaling (issue 7 §5): events per second with 1, 2 and 4 worker
// processes (`npm run worker`, i.e. scripts/worker.mts, WORKER_CONCURRENCY 2 each) on one
// shared PostgreSQL, draining the same burst of queued ingest jobs.
//
// For each worker count, on a fresh database from the migrations: start the workers and wait
// until each has said it is ready (schema prepared, LISTEN for new jobs, handlers loaded); then
// queue the burst in ONE transaction — one 'events.ingest' job per event, as POST /api/events
// queues them, through app_jobs.add_job(), the queue's documented SQL enqueue — so every job
// becomes visible at the commit and the NOTIFY wakes the workers; time from the commit until
// every event is stored, and check that each was stored exactly once and no job is left.
//
// The company's metrics and profiles exist before the burst (an established store; the
// events carry no profile attributes), so the burst measures event ingestion. With
// --new-profiles they do not, and every batch creates them: on PostgreSQL with 2 or more
// workers, concurrent batches then create the same metrics and profiles in different orders and
// deadlock (see the report in the README's Performance section).
//
//   npx tsx bench/scaling.mts [--quick] [--events 6000] [--profiles 3000] [--workers 1,2,4] [--new-profiles]
//
// PostgreSQL only (the SQLite queue is for one machine). The server is BENCH_DATABASE_URL or
// one this script starts (bench/lib/postgres.mjs). On a machine with 2 cores the workers and
// the server share those 2 cores: the curve shows how far one machine goes, not a cluster.
import { spawn, type ChildProcess } from 'node:child_process'
import { arg, fmtInt, machine, pgLoad, report, root, scratchDatabase, type Row } from './lib/common.mjs'
import { openRaw } from './lib/raw.mjs'
import { benchPostgres } from './lib/postgres.mjs'

const EVENTS = arg('events', 6_000, 2_000)
const PROFILES = arg('profiles', 3_000, 1_000)
const WORKERS = (() => {
  const i = process.argv.indexOf('--workers')
  return (i > 0 ? process.argv[i + 1]! : '1,2,4').split(',').map(Number)
})()
const CONCURRENCY = Number(process.env.WORKER_CONCURRENCY ?? 2)
const NEW_PROFILES = process.argv.includes('--new-profiles')
process.chdir(root)

// One server for all rounds (a database per round).
const server = await benchPostgres()
process.env.BENCH_DATABASE_URL = server.url

const { validateEvent } = await import('@/lib/events/validate-event')
const { acceptedNow } = await import('@/lib/profiles/attribute-times')
const { INGEST_JOB } = await import('@/lib/events/accept-event')

const METRICS = ['Viewed Product', 'Active on Site', 'Added to Cart', 'Started Checkout', 'Placed Order']
let seed = 11
const rand = () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 4294967296
const payloads: string[] = []
const startTs = Date.UTC(2026, 0, 1)
for (let i = 0; i < EVENTS; i++) {
  const p = Math.floor(rand() * PROFILES)
  const metric = METRICS[Math.floor(rand() * METRICS.length)]!
  const price = Math.round(rand() * 20000) / 100
  const event = validateEvent({
    metric: { name: metric },
    profile: { email: `shopper${p}@example.test` },
    properties: { ProductName: `Product ${i % 50}`, Price: price, URL: `https://shop.example/products/p-${i % 50}` },
    time: new Date(startTs + i * 30_000).toISOString(),
    ...(metric === 'Placed Order' ? { value: price } : {}),
    uniqueId: `ev-${i}`,
  } as never)
  payloads.push(JSON.stringify({ companyId: 1, mode: 'import', event: { ...event, acceptedAt: acceptedNow() } }))
}

interface Worker {
  child: ChildProcess
  ready: Promise<void>
  log: string[]
}
function startWorkerProcess(url: string, n: number): Worker {
  const log: string[] = []
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/worker.mts'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, DATABASE_URL: url, WORKER_CONCURRENCY: String(CONCURRENCY), NODE_ENV: 'production' },
  })
  const ready = new Promise<void>((resolve, reject) => {
    const onData = (d: Buffer) => {
      const text = String(d)
      log.push(text)
      if (text.includes('[worker] started')) resolve()
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', (d) => log.push(String(d)))
    child.once('exit', (code) =>
      reject(new Error(`worker ${n} exited (${code}) before it was ready: ${log.join('').slice(-2000)}`)),
    )
    setTimeout(
      () => reject(new Error(`worker ${n} not ready within 120 s: ${log.join('').slice(-2000)}`)),
      120_000,
    ).unref()
  })
  return { child, ready, log }
}
async function stopWorkers(workers: Worker[]) {
  await Promise.all(
    workers.map(
      (w) =>
        new Promise<void>((resolve) => {
          if (w.child.exitCode !== null) return resolve()
          const timer = setTimeout(() => w.child.kill('SIGKILL'), 10_000)
          w.child.once('exit', () => {
            clearTimeout(timer)
            resolve()
          })
          w.child.kill('SIGTERM')
        }),
    ),
  )
}

const sleep = (n: number) => new Promise((r) => setTimeout(r, n))
const results: Array<{ workers: number; seconds: number; rate: number; deadlocks: number }> = []

console.log(
  `Scaling on PostgreSQL: ${fmtInt(EVENTS)} queued events (one 'events.ingest' job each) for ${fmtInt(PROFILES)} ${NEW_PROFILES ? 'new' : 'existing'} profiles, workers ${WORKERS.join(', ')} × concurrency ${CONCURRENCY}`,
)
console.log(`Machine: ${machine()}`)
console.log(`PostgreSQL: ${server.source}`)
for (const k of WORKERS) {
  const db = await scratchDatabase('postgres', `scaling_${k}`)
  const raw = await openRaw(db)
  await raw.run(`INSERT INTO "Company" ("name", "publicApiKey", "updatedAt") VALUES ('Bench', 'BENCH1', ?)`, [
    new Date(),
  ])
  if (!NEW_PROFILES) {
    const now = new Date()
    await pgLoad(
      raw.pg!,
      'Metric',
      [
        ['id', 'text'],
        ['companyId', 'int'],
        ['name', 'text'],
        ['updatedAt', 'timestamp'],
      ],
      METRICS.map((m, i) => [`bm${i}xx`, 1, m, now]),
    )
    await pgLoad(
      raw.pg!,
      'Profile',
      [
        ['id', 'text'],
        ['companyId', 'int'],
        ['email', 'text'],
        ['updatedAt', 'timestamp'],
      ],
      Array.from({ length: PROFILES }, (_, p) => [
        'P' + String(p).padStart(25, '0'),
        1,
        `shopper${p}@example.test`,
        now,
      ]),
    )
  }
  const workers = Array.from({ length: k }, (_, n) => startWorkerProcess(db.url, n))
  let done = false
  try {
    await Promise.all(workers.map((w) => w.ready))
    await sleep(500) // let every loop reach its idle wait
    const client = raw.pg!
    await client.query('BEGIN')
    const PER = 2_000
    for (let i = 0; i < payloads.length; i += PER) {
      await client.query(
        `SELECT count(app_jobs.add_job($1, p, 1, now(), 5, NULL)) FROM json_array_elements($2::json) AS p`,
        [INGEST_JOB, `[${payloads.slice(i, i + PER).join(',')}]`],
      )
    }
    await client.query('COMMIT')
    const t0 = performance.now()
    let stored = 0
    while (stored < EVENTS) {
      await sleep(50)
      stored = Number((await raw.get<{ n: string }>(`SELECT COUNT(*) AS n FROM "Event"`))!.n)
      if (performance.now() - t0 > 240_000) throw new Error(`only ${stored} of ${EVENTS} events stored after 4 minutes`)
      const dead = workers.find((w) => w.child.exitCode !== null)
      if (dead) throw new Error(`a worker exited: ${dead.log.join('').slice(-2000)}`)
    }
    const seconds = (performance.now() - t0) / 1000
    await sleep(300)
    const check = (await raw.get<{ n: string; u: string }>(
      `SELECT COUNT(*) AS n, COUNT(DISTINCT "uniqueId") AS u FROM "Event"`,
    ))!
    const left = Number(
      (await raw.get<{ n: string }>(`SELECT COUNT(*) AS n FROM graphile_worker.jobs WHERE task_identifier = ?`, [
        INGEST_JOB,
      ]))!.n,
    )
    if (Number(check.n) !== EVENTS || Number(check.u) !== EVENTS || left !== 0)
      throw new Error(`after the drain: ${check.n} events, ${check.u} unique, ${left} jobs left`)
    // Deadlocks the server detected (each costs deadlock_timeout, 1 s, and a retry).
    const deadlocks = Number(
      (await raw.get<{ n: string }>(`SELECT deadlocks AS n FROM pg_stat_database WHERE datname = current_database()`))!
        .n,
    )
    results.push({ workers: k, seconds, rate: EVENTS / seconds, deadlocks })
    console.log(
      `  ${k} worker${k > 1 ? 's' : ' '}  ${fmtInt(EVENTS / seconds).padStart(7)} events/s   (${seconds.toFixed(2)} s; every event stored once, no job left; ${deadlocks} deadlocks detected)`,
    )
    done = true
  } finally {
    await stopWorkers(workers)
    await raw.close()
    await db.drop()
    if (!done) await server.stop()
  }
}
await server.stop()

const one = results[0]!
console.log('')
console.log('  workers   events/s   speed-up')
for (const r of results)
  console.log(`  ${String(r.workers).padStart(7)}   ${fmtInt(r.rate).padStart(8)}   ${(r.rate / one.rate).toFixed(2)}×`)
const rows: Row[] = results.map((r) => ({
  figure: 'scaling',
  what: `queued ingest (${NEW_PROFILES ? 'new' : 'existing'} profiles), ${r.workers} worker process${r.workers > 1 ? 'es' : ''} × ${CONCURRENCY}, ${fmtInt(EVENTS)} events`,
  ours: `${fmtInt(r.rate)} ev/s${r.deadlocks ? ` (${r.deadlocks} deadlocks)` : ''}`,
  baseline: `${fmtInt(one.rate)} ev/s (1 worker)`,
  ratio: Number((r.rate / one.rate).toFixed(2)),
}))
report('scaling', 'postgres', rows, { events: EVENTS, profiles: PROFILES, concurrency: CONCURRENCY, results })
process.exit(0)
