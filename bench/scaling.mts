// PostgreSQL ingestion scaling (issue 7 §5): events per second with 1, 2 and 4 worker
// processes (`npm run worker`, i.e. scripts/worker.mts, WORKER_CONCURRENCY 2 each) on one
// shared PostgreSQL, draining the same burst of queued ingest jobs.
//
// For each worker count, on a fresh database from the migrations: start the workers and wait
// until each has said it is ready (schema prepared, LISTEN for new jobs, handlers loaded); warm
// them up (--warm events, 2,000 by default, queued in 8 waves of their own 200 ms apart so every
// loop gets batches: code compiled, connections open, plans cached) and wait until those are
// stored, so start-up is outside the timed part; then queue the burst in ONE transaction — one 'events.ingest' job per event, as POST /api/events
// queues them, through app_jobs.add_job(), the queue's documented SQL enqueue — so every job
// becomes visible at the commit and the NOTIFY wakes the workers; time from the commit until
// every event is stored, and check that each was stored exactly once and no job is left.
//
// The company's metrics and profiles exist before the burst (an established store; the
// events carry no profile attributes), so the burst measures event ingestion. With
// --new-profiles they do not, and every batch creates them (concurrent batches creating the
// same rows: the deadlock case of issue 22). --companies N spreads the burst over N accounts.
//
// Per round it also reports what each event cost: the worker processes' CPU seconds and the
// database server's (postmaster and backends, from /proc) per 1,000 events, the statements the
// server executed per event (pg_stat_statements, the server is started with it), the mean
// number of backends waiting on a lock (pg_stat_activity sampled every 50 ms) and the deadlocks
// pg_stat_database counted (must be 0).
//
//   [BENCH_PG_TRACK=all] [BENCH_PG_EXPLAIN=plans.log] npx tsx bench/scaling.mts [--quick] [--events 20000] [--warm 2000] [--profiles 3000] [--workers 1,2,4] [--new-profiles] [--companies 1]
//
// PostgreSQL only (the SQLite queue is for one machine). The server is BENCH_DATABASE_URL or
// one this script starts (bench/lib/postgres.mjs). On a machine with 2 cores the workers and
// the server share those 2 cores: the curve shows how far one machine goes, not a cluster.
import fs from 'node:fs'
import { arg, fmtInt, machine, pgLoad, report, root, scratchDatabase, type Row } from './lib/common.mjs'
import { openRaw } from './lib/raw.mjs'
import { benchPostgres } from './lib/postgres.mjs'
import { cpuSeconds, ppidOf, startWorkerProcess, stopWorkers, treeCpuSeconds } from './lib/worker-process.mjs'

const EVENTS = arg('events', 20_000, 2_000)
const WARM = arg('warm', 2_000, 1_000)
const PROFILES = arg('profiles', 3_000, 1_000)
const WORKERS = (() => {
  const i = process.argv.indexOf('--workers')
  return (i > 0 ? process.argv[i + 1]! : '1,2,4').split(',').map(Number)
})()
const CONCURRENCY = Number(process.env.WORKER_CONCURRENCY ?? 2)
const NEW_PROFILES = process.argv.includes('--new-profiles')
// Accounts the burst is spread over (profile p belongs to account 1 + p % COMPANIES): ingest
// serializes one account's batches (its advisory lock), so one account cannot use more workers.
const COMPANIES = arg('companies', 1)
process.chdir(root)

// One server for all rounds (a database per round), counting statements (round trips).
process.env.BENCH_PG_STATEMENTS = '1'
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
// The warm-up's events first (unique ids of their own), then the timed burst's.
for (let i = -WARM; i < EVENTS; i++) {
  const p = Math.floor(rand() * PROFILES)
  const metric = METRICS[Math.floor(rand() * METRICS.length)]!
  const price = Math.round(rand() * 20000) / 100
  const event = validateEvent({
    metric: { name: metric },
    profile: { email: `shopper${p}@example.test` },
    properties: { ProductName: `Product ${i % 50}`, Price: price, URL: `https://shop.example/products/p-${i % 50}` },
    time: new Date(startTs + i * 30_000).toISOString(),
    ...(metric === 'Placed Order' ? { value: price } : {}),
    uniqueId: i < 0 ? `warm${i}` : `ev-${i}`,
  } as never)
  payloads.push(
    JSON.stringify({ companyId: 1 + (p % COMPANIES), mode: 'import', event: { ...event, acceptedAt: acceptedNow() } }),
  )
}

const warmPayloads = payloads.splice(0, WARM)
const sleep = (n: number) => new Promise((r) => setTimeout(r, n))
interface Result {
  workers: number
  seconds: number
  rate: number
  deadlocks: number
  /** Batches the workers reran after a deadlock (their log lines). */
  retries: number
  /** CPU seconds per 1,000 events: the worker processes together, and the database server. */
  workerCpu: number
  serverCpu: number
  /** Statements the database executed per event (pg_stat_statements, BEGIN/COMMIT included). */
  roundTrips: number
  /** Samples (every 50 ms) of backends waiting on a lock, on average per sample. */
  lockWaits: number
}
const results: Result[] = []

console.log(
  `Scaling on PostgreSQL: ${fmtInt(EVENTS)} queued events (one 'events.ingest' job each; ${fmtInt(WARM)} more to warm the workers up first) for ${fmtInt(PROFILES)} ${NEW_PROFILES ? 'new' : 'existing'} profiles of ${COMPANIES} account${COMPANIES > 1 ? 's' : ''}, workers ${WORKERS.join(', ')} × concurrency ${CONCURRENCY}`,
)
console.log(`Machine: ${machine()}`)
console.log(`PostgreSQL: ${server.source}`)
for (const k of WORKERS) {
  const db = await scratchDatabase('postgres', `scaling_${k}`)
  const raw = await openRaw(db)
  for (let c = 1; c <= COMPANIES; c++)
    await raw.run(`INSERT INTO "Company" ("name", "publicApiKey", "updatedAt") VALUES (?, ?, ?)`, [
      `Bench ${c}`,
      `BENCH${c}`,
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
      Array.from({ length: COMPANIES }, (_, c) => METRICS.map((m, i) => [`bm${c}x${i}`, c + 1, m, now])).flat(),
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
        1 + (p % COMPANIES),
        `shopper${p}@example.test`,
        now,
      ]),
    )
  }
  const workers = Array.from({ length: k }, (_, n) =>
    startWorkerProcess(db.url, n, { WORKER_CONCURRENCY: String(CONCURRENCY) }),
  )
  let done = false
  try {
    await Promise.all(workers.map((w) => w.ready))
    await sleep(500) // let every loop reach its idle wait
    const client = raw.pg!
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements')
    const postmaster = ppidOf(Number((await client.query('SELECT pg_backend_pid() AS p')).rows[0].p))
    const queue = async (list: string[]) => {
      await client.query('BEGIN')
      const PER = 2_000
      for (let i = 0; i < list.length; i += PER) {
        await client.query(
          `SELECT count(app_jobs.add_job($1, p, (p->>'companyId')::int, now(), 5, NULL)) FROM json_array_elements($2::json) AS p`,
          [INGEST_JOB, `[${list.slice(i, i + PER).join(',')}]`],
        )
      }
      await client.query('COMMIT')
    }
    const storedNow = async () => Number((await client.query(`SELECT COUNT(*) AS n FROM "Event"`)).rows[0].n)
    const warm0 = performance.now()
    const WAVES = 8
    for (let w = 0; w < WAVES; w++) {
      await queue(warmPayloads.filter((_, i) => i % WAVES === w))
      await sleep(200)
    }
    while ((await storedNow()) < WARM) {
      if (performance.now() - warm0 > 120_000) throw new Error('the warm-up was not stored within 2 minutes')
      await sleep(100)
    }
    await sleep(300) // the last batches' completions
    await queue(payloads)
    const t0 = performance.now()
    await client.query('SELECT pg_stat_statements_reset()')
    const cpu0 = workers.reduce((s, w) => s + cpuSeconds(w.child.pid!), 0)
    const server0 = treeCpuSeconds(postmaster)
    let stored = 0
    let samples = 0
    let waiting = 0
    while (stored < EVENTS) {
      await sleep(50)
      const poll = (
        await client.query(
          `SELECT /* bench-poll */ (SELECT COUNT(*) FROM "Event") AS n,
             (SELECT COUNT(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock') AS w`,
        )
      ).rows[0]
      stored = Number(poll.n) - WARM
      samples++
      waiting += Number(poll.w)
      if (performance.now() - t0 > 300_000) throw new Error(`only ${stored} of ${EVENTS} events stored after 5 minutes`)
      const dead = workers.find((w) => w.child.exitCode !== null)
      if (dead) throw new Error(`a worker exited: ${dead.log.join('').slice(-2000)}`)
    }
    const seconds = (performance.now() - t0) / 1000
    const workerCpu = workers.reduce((s, w) => s + cpuSeconds(w.child.pid!), 0) - cpu0
    const serverCpu = treeCpuSeconds(postmaster) - server0
    // The workers' statements only: this script's polls are marked and left out.
    const calls = Number(
      (
        await client.query(
          `SELECT COALESCE(SUM(calls), 0) AS n FROM pg_stat_statements
            WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
              AND query NOT LIKE '%bench-poll%' AND query NOT LIKE '%pg_stat_statements%'`,
        )
      ).rows[0].n,
    )
    if (process.argv.includes('--top')) {
      // Where the server's time went this round (pg_stat_statements by total time, all sessions).
      // BENCH_PG_TRACK=all (bench/lib/postgres.mjs) counts the statements inside functions too.
      const nested = process.env.BENCH_PG_TRACK === 'all'
      const top = await client.query(
        `SELECT calls, round(total_exec_time::numeric) AS ms, left(regexp_replace(query, '\\s+', ' ', 'g'), ${nested ? 140 : 90}) AS q
           FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
          ORDER BY total_exec_time DESC LIMIT ${nested ? 16 : 8}`,
      )
      for (const r of top.rows)
        console.log(`      ${String(r.ms).padStart(6)} ms ${String(r.calls).padStart(7)} calls  ${r.q}`)
    }
    await sleep(300)
    const check = (await raw.get<{ n: string; u: string }>(
      `SELECT COUNT(*) AS n, COUNT(DISTINCT "uniqueId") AS u FROM "Event"`,
    ))!
    const left = Number(
      (await raw.get<{ n: string }>(`SELECT COUNT(*) AS n FROM graphile_worker.jobs WHERE task_identifier = ?`, [
        INGEST_JOB,
      ]))!.n,
    )
    if (Number(check.n) !== EVENTS + WARM || Number(check.u) !== EVENTS + WARM || left !== 0)
      throw new Error(`after the drain: ${check.n} events, ${check.u} unique, ${left} jobs left`)
    // Deadlocks the server detected (each costs deadlock_timeout, 1 s, and a retry).
    const deadlocks = Number(
      (await raw.get<{ n: string }>(`SELECT deadlocks AS n FROM pg_stat_database WHERE datname = current_database()`))!
        .n,
    )
    const retries = workers.reduce(
      (s, w) => s + (w.log.join('').match(/batch rerun after a deadlock/g)?.length ?? 0),
      0,
    )
    const r: Result = {
      workers: k,
      seconds,
      rate: EVENTS / seconds,
      deadlocks,
      retries,
      workerCpu: (workerCpu / EVENTS) * 1000,
      serverCpu: (serverCpu / EVENTS) * 1000,
      roundTrips: calls / EVENTS,
      lockWaits: samples ? waiting / samples : 0,
    }
    results.push(r)
    console.log(
      `  ${k} worker${k > 1 ? 's' : ' '}  ${fmtInt(r.rate).padStart(7)} events/s   (${seconds.toFixed(2)} s; every event stored once, no job left; ${deadlocks} deadlocks detected, ${retries} batches rerun)`,
    )
    done = true
  } finally {
    await stopWorkers(workers)
    await raw.close()
    // BENCH_PG_EXPLAIN=<file> (bench/lib/postgres.mjs): the server's log, with the slow plans.
    const log = (server as { log?: () => string }).log
    if (process.env.BENCH_PG_EXPLAIN && log) fs.writeFileSync(process.env.BENCH_PG_EXPLAIN, log())
    await db.drop()
    if (!done) await server.stop()
  }
}
await server.stop()

const one = results[0]!
console.log('')
console.log(
  '  workers   events/s   speed-up   worker CPU s/1k ev   server CPU s/1k ev   statements/event   lock waiters   deadlocks',
)
for (const r of results)
  console.log(
    `  ${String(r.workers).padStart(7)}   ${fmtInt(r.rate).padStart(8)}   ${(r.rate / one.rate).toFixed(2).padStart(7)}×   ${r.workerCpu.toFixed(3).padStart(18)}   ${r.serverCpu.toFixed(3).padStart(18)}   ${r.roundTrips.toFixed(3).padStart(16)}   ${r.lockWaits.toFixed(2).padStart(12)}   ${String(r.deadlocks).padStart(9)}`,
  )
const rows: Row[] = results.map((r) => ({
  figure: 'scaling',
  what: `queued ingest (${NEW_PROFILES ? 'new' : 'existing'} profiles, ${COMPANIES} account${COMPANIES > 1 ? 's' : ''}), ${r.workers} worker process${r.workers > 1 ? 'es' : ''} × ${CONCURRENCY}, ${fmtInt(EVENTS)} events`,
  ours: `${fmtInt(r.rate)} ev/s, ${r.workerCpu.toFixed(2)} worker CPU s/1k ev, ${r.roundTrips.toFixed(2)} stmts/ev, ${r.deadlocks} deadlocks`,
  baseline: `${fmtInt(one.rate)} ev/s (1 worker)`,
  ratio: Number((r.rate / one.rate).toFixed(2)),
}))
report('scaling', 'postgres', rows, {
  events: EVENTS,
  warm: WARM,
  profiles: PROFILES,
  companies: COMPANIES,
  concurrency: CONCURRENCY,
  results,
})
process.exit(0)
