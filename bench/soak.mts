// Soak (issue 22 §3): a steady rate of POST /api/events over loopback HTTP for minutes, on
// PostgreSQL, with two worker processes draining the queue, and what must hold at the end:
// every accepted (202) event stored exactly once, the queue depth bounded, the workers' RSS flat,
// the p99 accept latency. `--chaos` SIGKILLs one worker a third into the run and starts a new
// one (its leased jobs come back after the 60 s visibility timeout).
//
//   npx tsx bench/soak.mts [--minutes 15] [--rate 500] [--in-flight 64] [--accounts 32] [--chaos]
//
// The web side is the real route handler (app/api/events/route.ts) served by a plain node:http
// server from the current source (bench/lib/handler-server-child.mts, no build needed), with no
// worker inside it; the workers are `scripts/worker.mts` processes (`npm run worker`). The load
// is open-loop: requests are due at the rate whatever the answers, but at most --in-flight are
// outstanding (a request due while the bound is reached waits, and the run reports how far it
// fell behind). Each event has a unique_id of its own, so a doubled event shows in the count.
// The server is BENCH_DATABASE_URL or one this script starts (bench/lib/postgres.mjs).
import { createHash, randomBytes } from 'node:crypto'
import pg from 'pg'
import { fmtInt, fmtMs, machine, report, root, scratchDatabase } from './lib/common.mjs'
import { pct, startNextServer } from './lib/next-server.mjs'
import { rssMb, startWorkerProcess, stopWorkers, type WorkerProcess } from './lib/worker-process.mjs'

const num = (name: string, dflt: number) => {
  const i = process.argv.indexOf(`--${name}`)
  return i > 0 ? Number(process.argv[i + 1]) : dflt
}
const MINUTES = num('minutes', 15)
const RATE = num('rate', 500)
const IN_FLIGHT = num('in-flight', 64)
const ACCOUNTS = num('accounts', 32)
const CHAOS = process.argv.includes('--chaos')
const DRAIN_LIMIT_S = num('drain-limit', CHAOS ? 180 : 120)
const WORKERS = 2
process.chdir(root)

const scratch = await scratchDatabase('postgres', 'soak')
const keys = Array.from({ length: ACCOUNTS }, () => 'pk_' + randomBytes(24).toString('hex').slice(0, 32))
const sql = new pg.Client({ connectionString: scratch.url })
await sql.connect()
for (const [i, key] of keys.entries()) {
  const { rows } = await sql.query(
    `INSERT INTO "Company" (name, "publicApiKey", "updatedAt") VALUES ($1, $2, now()) RETURNING id`,
    [`Soak ${i}`, `SK${String(i).padStart(4, '0')}`],
  )
  await sql.query(
    `INSERT INTO "ApiKey" ("companyId", label, prefix, "keyHash", scopes) VALUES ($1, 'soak', $2, $3, '[]')`,
    [rows[0].id, key.slice(0, 8), createHash('sha256').update(key).digest('hex')],
  )
}

const server = await startNextServer(
  scratch,
  IN_FLIGHT,
  { BENCH_HANDLERS: '/api/events=app/api/events/route.ts', ENABLE_INPROCESS_WORKER: '0' },
  { cmd: process.execPath, args: ['--import', 'tsx', 'bench/lib/handler-server-child.mts'] },
)
const workers: WorkerProcess[] = []
const retired: WorkerProcess[] = []
const rss: { start: number[]; end: number[]; peak: number[] } = { start: [], end: [], peak: [0, 0] }

const METRICS = ['Viewed Product', 'Active on Site', 'Added to Cart', 'Started Checkout', 'Placed Order']
function body(n: number): string {
  const account = n % ACCOUNTS
  const k = Math.floor(n / ACCOUNTS)
  const metric = METRICS[k % METRICS.length]!
  const product = (k * 7 + account) % 50
  const price = 10 + ((k * 13) % 190)
  return JSON.stringify({
    data: {
      type: 'event',
      attributes: {
        properties: { ProductName: `Product ${product}`, Price: price, URL: `https://shop.example/p-${product}` },
        time: new Date().toISOString(),
        value: metric === 'Placed Order' ? price : undefined,
        unique_id: `soak-${n}`,
        metric: { data: { type: 'metric', attributes: { name: metric } } },
        // New shoppers keep arriving (profiles created during the run), some with a name.
        profile: {
          data: {
            type: 'profile',
            attributes: {
              email: `shopper-${account}-${k % 2000}@example.test`,
              ...(k % 5 === 0 ? { first_name: `Shopper ${k % 2000}` } : {}),
            },
          },
        },
      },
    },
  })
}

async function state(): Promise<{ stored: number; unique: number; queued: number }> {
  const { rows } = await sql.query(
    `SELECT (SELECT COUNT(*) FROM "Event") AS stored, (SELECT COUNT(DISTINCT "uniqueId") FROM "Event") AS uniq,
            (SELECT COUNT(*) FROM graphile_worker.jobs WHERE task_identifier = 'events.ingest') AS queued`,
  )
  return { stored: Number(rows[0].stored), unique: Number(rows[0].uniq), queued: Number(rows[0].queued) }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
let exitCode = 0
try {
  console.log(
    `Soak on PostgreSQL: POST /api/events at ${RATE}/s for ${MINUTES} min, at most ${IN_FLIGHT} in flight, ${ACCOUNTS} accounts, ${WORKERS} worker processes${CHAOS ? ', one killed and restarted at a third' : ''}`,
  )
  console.log(`Machine: ${machine()}`)
  console.log(`PostgreSQL: ${scratch.source}`)
  await server.waitUntilUp()
  for (let i = 0; i < WORKERS; i++) workers.push(startWorkerProcess(scratch.url, i))
  await Promise.all(workers.map((w) => w.ready))
  await sleep(1000)
  workers.forEach((w, i) => (rss.start[i] = rssMb(w.child.pid!)))

  const statuses = new Map<number, number>()
  const latencies: number[] = []
  let errors = 0
  let sent = 0
  let inFlight = 0
  let warm = true
  let maxBehind = 0
  let maxQueued = 0
  let chaosAt: number | null = null
  const durationMs = MINUTES * 60_000
  const samples: string[] = []
  const fire = (n: number) => {
    inFlight++
    const t = performance.now()
    server
      .request('POST', '/api/events', body(n), {
        'content-type': 'application/vnd.api+json',
        accept: 'application/vnd.api+json',
        revision: '2026-07-15',
        authorization: `Klaviyo-API-Key ${keys[n % ACCOUNTS]}`,
      })
      .then((status) => {
        if (!warm) latencies.push(performance.now() - t)
        statuses.set(status, (statuses.get(status) ?? 0) + 1)
      })
      .catch(() => errors++)
      .finally(() => inFlight--)
  }
  // Warm-up (module loading, connection pools, statement plans): 10 s at a tenth of the rate,
  // stored and checked like the rest but left out of the latencies.
  for (let w = performance.now(); performance.now() - w < 10_000;) {
    if (inFlight < 8) fire(sent++)
    await sleep(Math.max(1, 10_000 / RATE))
  }
  while (inFlight > 0) await sleep(5)
  warm = false
  const warmSent = sent
  const t0 = performance.now()
  // Once a second: queue depth and RSS (the stored count, a scan, every 15 s); the load loop
  // runs every 5 ms in between.
  const monitor = setInterval(() => {
    const sec = Math.round((performance.now() - t0) / 1000)
    void sql
      .query(
        `SELECT COUNT(*) AS q${sec % 15 === 0 ? ', (SELECT COUNT(*) FROM "Event") AS s' : ''}
           FROM graphile_worker.jobs WHERE task_identifier = 'events.ingest'`,
      )
      .then(({ rows }) => {
        maxQueued = Math.max(maxQueued, Number(rows[0].q))
        if (rows[0].s !== undefined)
          samples.push(
            `${sec} s: queued ${rows[0].q}, stored ${rows[0].s}, worker RSS ${workers.map((w) => Math.round(rssMb(w.child.pid!))).join(' / ')} MB`,
          )
      })
      .catch(() => {})
    workers.forEach((w, i) => (rss.peak[i] = Math.max(rss.peak[i] ?? 0, rssMb(w.child.pid!) || 0)))
  }, 1000)
  while (performance.now() - t0 < durationMs) {
    const elapsed = performance.now() - t0
    const due = warmSent + Math.floor((elapsed / 1000) * RATE)
    while (sent < due && inFlight < IN_FLIGHT) fire(sent++)
    maxBehind = Math.max(maxBehind, due - sent)
    if (CHAOS && chaosAt === null && elapsed > durationMs / 3) {
      chaosAt = elapsed / 1000
      const victim = workers[0]!
      victim.child.kill('SIGKILL')
      retired.push(victim)
      workers[0] = startWorkerProcess(scratch.url, 0)
      console.log(`  ${chaosAt.toFixed(0)} s: worker 0 SIGKILLed, a new one started`)
    }
    await sleep(5)
  }
  while (inFlight > 0) await sleep(5)
  const loadSeconds = (performance.now() - t0) / 1000
  clearInterval(monitor)
  const accepted = statuses.get(202) ?? 0

  // The drain: how long after the load ends until every accepted event is stored.
  const endAt = performance.now()
  let s = await state()
  while (s.stored < accepted && (performance.now() - endAt) / 1000 < DRAIN_LIMIT_S) {
    await sleep(250)
    s = await state()
  }
  const drainSeconds = (performance.now() - endAt) / 1000
  workers.forEach((w, i) => (rss.end[i] = rssMb(w.child.pid!)))
  const sorted = [...latencies].sort((a, b) => a - b)
  const p99 = pct(sorted, 99)
  const once = s.stored === accepted && s.unique === s.stored
  const retries = [...workers, ...retired].reduce(
    (n, w) => n + (w.log.join('').match(/batch rerun after a deadlock/g)?.length ?? 0),
    0,
  )
  const deadlocks = Number(
    (await sql.query(`SELECT deadlocks AS n FROM pg_stat_database WHERE datname = current_database()`)).rows[0].n,
  )

  console.log('')
  for (const line of samples) console.log(`  ${line}`)
  console.log('')
  console.log(
    `  sent ${fmtInt(sent - warmSent)} in ${loadSeconds.toFixed(0)} s (${fmtInt((sent - warmSent) / loadSeconds)}/s; ${fmtInt(warmSent)} more in the warm-up; at most ${fmtInt(maxBehind)} behind schedule); statuses ${[...statuses].map(([k, v]) => `${k}×${v}`).join(' ')}${errors ? ` errors×${errors}` : ''}`,
  )
  console.log(`  accept latency p50 ${fmtMs(pct(sorted, 50))}, p99 ${fmtMs(p99)}, max ${fmtMs(sorted.at(-1) ?? NaN)}`)
  console.log(
    `  accepted ${fmtInt(accepted)}, stored ${fmtInt(s.stored)} (${fmtInt(s.unique)} distinct), ${s.queued} jobs left, ${drainSeconds.toFixed(1)} s after the load: ${once ? 'every accepted event stored once' : 'MISMATCH'}`,
  )
  console.log(`  max queue depth ${fmtInt(maxQueued)} ingest jobs; deadlocks ${deadlocks}; batches rerun ${retries}`)
  console.log(
    `  worker RSS start ${rss.start.map((m) => m.toFixed(0)).join(' / ')} MB, end ${rss.end.map((m) => m.toFixed(0)).join(' / ')} MB, peak ${rss.peak.map((m) => m.toFixed(0)).join(' / ')} MB`,
  )
  if (!once) exitCode = 1
  report(
    'soak',
    'postgres',
    [
      {
        figure: 'soak',
        what: `POST /api/events ${RATE}/s for ${MINUTES} min, 2 workers${CHAOS ? ', one killed' : ''}`,
        ours: `p99 ${fmtMs(p99)}, max queue ${fmtInt(maxQueued)}, drained in ${drainSeconds.toFixed(1)} s`,
        baseline: `${fmtInt(accepted)} accepted, ${fmtInt(s.stored)} stored`,
        ratio: Number((s.stored / Math.max(1, accepted)).toFixed(4)),
        target: 'stored = accepted, p99 < 100 ms',
        met: once && p99 < 100,
      },
    ],
    {
      rate: RATE,
      minutes: MINUTES,
      sent,
      warmSent,
      achievedRate: (sent - warmSent) / loadSeconds,
      accepted,
      stored: s.stored,
      unique: s.unique,
      drainSeconds,
      maxQueued,
      maxBehind,
      p50: pct(sorted, 50),
      p99,
      rss,
      deadlocks,
      retries,
      chaosAt,
    },
  )
} catch (e) {
  console.error(e instanceof Error ? e.stack : e)
  exitCode = 1
} finally {
  await stopWorkers(workers)
  await sql.end().catch(() => {})
  await server.stop()
}
process.exit(exitCode)
