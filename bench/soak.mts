// Soak (issue 22 §3): a steady rate of POST /api/events over loopback HTTP for minutes, on
// PostgreSQL, with two worker processes draining the queue, and what must hold at the end:
// every accepted (202) event stored exactly once, the queue depth bounded, the workers' RSS flat,
// the p99 accept latency. `--chaos` SIGKILLs one worker a third into the run and starts a new
// one (its leased jobs come back after the 60 s visibility timeout). `--restart-pg` stops the
// PostgreSQL server two thirds into the run (a fast shutdown: sessions terminated, open
// transactions rolled back), keeps it down --down seconds and starts it again on the same data
// directory: the web process must answer 503 with Retry-After meanwhile (lib/db/db-outage.ts)
// and the workers must reconnect; every event answered 202 must still be stored exactly once.
// The workers run `nice -n --nice` (10 by default; 0 = not niced), as an operator runs them
// beside the web process on the same cores, so the request path gets the CPU first.
//
//   npx tsx bench/soak.mts [--minutes 15] [--rate 500] [--in-flight 64] [--accounts 32] [--chaos]
//                          [--restart-pg] [--down 10] [--nice 10] [--backend-nice 10] [--workers 2]
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
const RESTART = process.argv.includes('--restart-pg')
const DOWN_S = num('down', 10)
const NICE = num('nice', 10)
// The worker's PostgreSQL backends niced too (DATABASE_BACKEND_NICE, lib/db/backend-nice.ts); 0 = not.
const BACKEND_NICE = num('backend-nice', NICE)
const workerEnv: Record<string, string> = BACKEND_NICE ? { DATABASE_BACKEND_NICE: String(BACKEND_NICE) } : {}
const PROFILE_DIR = process.argv.includes('--profile-server')
  ? process.argv[process.argv.indexOf('--profile-server') + 1]
  : undefined
// A batch cut off by a crash or the restart keeps its lease until the 60 s visibility timeout.
const DRAIN_LIMIT_S = num('drain-limit', CHAOS || RESTART ? 180 : 120)
// --workers 0 measures the accept path alone (nothing drains the queue: the stored check then fails).
const WORKERS = num('workers', 2)
process.chdir(root)

const scratch = await scratchDatabase('postgres', 'soak')
const keys = Array.from({ length: ACCOUNTS }, () => 'pk_' + randomBytes(24).toString('hex').slice(0, 32))
// A pool, not a client: its connections die with the server restart and it opens new ones.
const sql = new pg.Pool({ connectionString: scratch.url, max: 2 })
sql.on('error', () => {})
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
  {
    BENCH_HANDLERS: '/api/events=app/api/events/route.ts',
    ENABLE_INPROCESS_WORKER: '0',
  },
  {
    cmd: process.execPath,
    // --profile-server DIR: a V8 CPU profile of the web process (where the accept latency goes).
    args: [
      ...(PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : []),
      '--import',
      'tsx',
      'bench/lib/handler-server-child.mts',
    ],
  },
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
            (SELECT COUNT(*) FROM graphile_worker.jobs
              WHERE task_identifier = 'events.ingest' AND attempts < max_attempts) AS queued`,
  )
  return { stored: Number(rows[0].stored), unique: Number(rows[0].uniq), queued: Number(rows[0].queued) }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
let exitCode = 0
try {
  console.log(
    `Soak on PostgreSQL: POST /api/events at ${RATE}/s for ${MINUTES} min, at most ${IN_FLIGHT} in flight, ${ACCOUNTS} accounts, ${WORKERS} worker processes (nice ${NICE}, their PostgreSQL backends ${BACKEND_NICE})${CHAOS ? ', one killed and restarted at a third' : ''}${RESTART ? `, PostgreSQL restarted at two thirds (${DOWN_S} s down)` : ''}`,
  )
  if (RESTART && !scratch.restart)
    throw new Error('--restart-pg needs the PostgreSQL this script starts (no BENCH_DATABASE_URL)')
  console.log(`Machine: ${machine()}`)
  console.log(`PostgreSQL: ${scratch.source}`)
  await server.waitUntilUp()
  for (let i = 0; i < WORKERS; i++) workers.push(startWorkerProcess(scratch.url, i, workerEnv, NICE))
  await Promise.all(workers.map((w) => w.ready))
  await sleep(1000)
  workers.forEach((w, i) => (rss.start[i] = rssMb(w.child.pid!)))

  const statuses = new Map<number, number>()
  // Per answered request: when it was sent (ms since t0) and how long it took; 202s only.
  const latencies: Array<[number, number]> = []
  const acceptedIds: number[] = []
  let retryAfterMissing = 0
  // The restart: when the server went down, when it answered again, and the first 202 after it.
  const outage: { at: number | null; up: number | null; firstAccept: number | null; failed?: string } = {
    at: null,
    up: null,
    firstAccept: null,
  }
  let t0 = 0
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
    let retryAfter: string | undefined
    server
      .request(
        'POST',
        '/api/events',
        body(n),
        {
          'content-type': 'application/vnd.api+json',
          accept: 'application/vnd.api+json',
          revision: '2026-07-15',
          authorization: `Klaviyo-API-Key ${keys[n % ACCOUNTS]}`,
        },
        (res) => (retryAfter = res.headers['retry-after'] as string | undefined),
      )
      .then((status) => {
        if (status === 202) {
          acceptedIds.push(n)
          if (!warm) latencies.push([t - t0, performance.now() - t])
          if (outage.at !== null && outage.firstAccept === null && t - t0 > outage.at * 1000)
            outage.firstAccept = (performance.now() - t0) / 1000
        }
        if (status === 503 && !retryAfter) retryAfterMissing++
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
  t0 = performance.now()
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
  // --waits: what the server's active sessions wait on, sampled every 50 ms (diagnosis).
  const waits = new Map<string, number>()
  const waitMonitor = process.argv.includes('--waits')
    ? setInterval(() => {
        void sql
          .query(
            `SELECT coalesce(wait_event_type || ':' || wait_event, 'CPU') AS w, left(regexp_replace(query, '\\s+', ' ', 'g'), 60) AS q
               FROM pg_stat_activity WHERE state = 'active' AND pid <> pg_backend_pid() AND datname = current_database()`,
          )
          .then(({ rows }) =>
            rows.forEach((r) => waits.set(`${r.w} | ${r.q}`, (waits.get(`${r.w} | ${r.q}`) ?? 0) + 1)),
          )
          .catch(() => {})
      }, 50)
    : null
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
      workers[0] = startWorkerProcess(scratch.url, 0, workerEnv, NICE)
      console.log(`  ${chaosAt.toFixed(0)} s: worker 0 SIGKILLed, a new one started`)
    }
    if (RESTART && outage.at === null && elapsed > (durationMs * 2) / 3) {
      outage.at = elapsed / 1000
      console.log(`  ${outage.at.toFixed(0)} s: PostgreSQL stopped (fast shutdown), down for ${DOWN_S} s`)
      void scratch.restart!(DOWN_S * 1000).then(
        () => {
          outage.up = (performance.now() - t0) / 1000
          console.log(`  ${outage.up.toFixed(0)} s: PostgreSQL accepting connections again`)
        },
        (e) => (outage.failed = String(e)),
      )
    }
    await sleep(5)
  }
  while (inFlight > 0) await sleep(5)
  const loadSeconds = (performance.now() - t0) / 1000
  clearInterval(monitor)
  if (waitMonitor) {
    clearInterval(waitMonitor)
    console.log('  server sessions by wait (samples every 50 ms):')
    for (const [k, n] of [...waits].sort((x, y) => y[1] - x[1]).slice(0, 15))
      console.log(`    ${String(n).padStart(6)}  ${k}`)
  }
  const accepted = acceptedIds.length
  if (RESTART) while (outage.up === null && !outage.failed) await sleep(100)

  // The drain: how long after the load ends until every accepted event is stored and no live
  // ingest job is left (a 503 whose commit went through may add stored events nobody was told of).
  const endAt = performance.now()
  let s = await state()
  while ((s.stored < accepted || s.queued > 0) && (performance.now() - endAt) / 1000 < DRAIN_LIMIT_S) {
    await sleep(250)
    s = await state().catch(() => s)
  }
  const drainSeconds = (performance.now() - endAt) / 1000
  workers.forEach((w, i) => (rss.end[i] = rssMb(w.child.pid!)))
  // Each event answered 202 by its unique_id: stored once, not missing, not doubled.
  const { rows: counted } = await sql.query<{ u: string; c: number }>(
    `SELECT "uniqueId" AS u, COUNT(*)::int AS c FROM "Event" GROUP BY 1`,
  )
  const storedBy = new Map(counted.map((r) => [r.u, r.c]))
  let missing = 0
  let doubled = 0
  for (const n of acceptedIds) {
    const c = storedBy.get(`soak-${n}`) ?? 0
    if (c === 0) missing++
    else if (c > 1) doubled++
    storedBy.delete(`soak-${n}`)
  }
  // Stored although the answer was not 202 (the outage: committed, then the connection broke).
  const extra = [...storedBy.values()].reduce((a, c) => a + c, 0)
  doubled += [...storedBy.values()].filter((c) => c > 1).length
  const sorted = latencies.map(([, ms]) => ms).sort((a, b) => a - b)
  const p99 = pct(sorted, 99)
  // The same without the requests sent between the shutdown and 5 s after the first 202 after it.
  const outageEnd = (outage.firstAccept ?? outage.up ?? Infinity) + 5
  const steady = latencies
    .filter(([at]) => outage.at === null || at / 1000 < outage.at || at / 1000 > outageEnd)
    .map(([, ms]) => ms)
    .sort((a, b) => a - b)
  const once = missing === 0 && doubled === 0 && !outage.failed
  const retries = [...workers, ...retired].reduce(
    (n, w) => n + (w.log.join('').match(/batch rerun after a deadlock/g)?.length ?? 0),
    0,
  )
  const deadlocks = Number(
    (await sql.query(`SELECT deadlocks AS n FROM pg_stat_database WHERE datname = current_database()`)).rows[0].n,
  )
  // What deadlocked: the server log's ERROR line, its DETAIL (both processes, their statements)
  // and the STATEMENT that was cancelled.
  const deadlockLog = (scratch.serverLog?.() ?? '')
    .split('\n')
    .flatMap((line, i, all) => (/deadlock detected/.test(line) ? all.slice(i, i + 8) : []))

  console.log('')
  for (const line of samples) console.log(`  ${line}`)
  console.log('')
  console.log(
    `  sent ${fmtInt(sent - warmSent)} in ${loadSeconds.toFixed(0)} s (${fmtInt((sent - warmSent) / loadSeconds)}/s; ${fmtInt(warmSent)} more in the warm-up; at most ${fmtInt(maxBehind)} behind schedule); statuses ${[...statuses].map(([k, v]) => `${k}×${v}`).join(' ')}${errors ? ` errors×${errors}` : ''}`,
  )
  console.log(
    `  accept latency (202s) p50 ${fmtMs(pct(sorted, 50))}, p99 ${fmtMs(p99)}, max ${fmtMs(sorted.at(-1) ?? NaN)}`,
  )
  if (RESTART) {
    console.log(
      `  outage: down at ${outage.at?.toFixed(1)} s, accepting connections at ${outage.up?.toFixed(1)} s, first 202 after it at ${outage.firstAccept?.toFixed(1)} s${outage.failed ? `; restart FAILED: ${outage.failed}` : ''}; 503 answers ${fmtInt(statuses.get(503) ?? 0)} (${retryAfterMissing} without Retry-After)`,
    )
    console.log(
      `  accept latency outside the outage (sent before it or 5 s after the first 202 after it): p50 ${fmtMs(pct(steady, 50))}, p99 ${fmtMs(pct(steady, 99))}`,
    )
  }
  console.log(
    `  accepted ${fmtInt(accepted)}, stored ${fmtInt(s.stored)} (${fmtInt(s.unique)} distinct), ${s.queued} jobs left, ${drainSeconds.toFixed(1)} s after the load: ${missing} accepted events missing, ${doubled} stored twice, ${extra} stored without a 202: ${once ? 'every accepted event stored once' : 'MISMATCH'}`,
  )
  console.log(`  max queue depth ${fmtInt(maxQueued)} ingest jobs; deadlocks ${deadlocks}; batches rerun ${retries}`)
  for (const line of deadlockLog) console.log(`    ${line}`)
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
        what: `POST /api/events ${RATE}/s for ${MINUTES} min, ${WORKERS} workers (nice ${NICE}, backends ${BACKEND_NICE})${CHAOS ? ', one killed' : ''}${RESTART ? `, PostgreSQL restarted (${DOWN_S} s down)` : ''}`,
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
      nice: NICE,
      outage,
      missing,
      doubled,
      extra,
      status503: statuses.get(503) ?? 0,
      retryAfterMissing,
      p99Steady: pct(steady, 99),
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
