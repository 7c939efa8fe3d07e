// Benchmark (a): POST /api/events requests per second at concurrency 32, against a bare route
// handler of the same build that answers 202 without work (POST /api/bench/noop, enabled by
// BENCH_ROUTES=1), on one engine. Needs a production build (.next): it does not build; run
// `npx next build` first.
//
//   npx tsx bench/api-events.mts [--engine sqlite|postgres] [--quick] [--seconds 10] [--warmup 2] [--concurrency 32] [--server next|handlers]
//
// --server handlers serves the two route handlers from a plain node:http server with the
// in-process worker, from the current source (bench/lib/handler-server-child.mts; no build).
// After the load, (a)'s second half (issue 22 §4): how long until the worker has stored every
// accepted event (target: within 10 s on PostgreSQL, no backlog left behind).
//
// It starts `next start` on a free loopback port over a scratch database (with the in-process
// worker, as `npm start` runs it), creates one company and private API key per concurrent
// loop directly in the database (the key hashed as lib/api-keys/hash-key.ts does), so the
// per-account rate limits (XL: 350/s, 3,500/min) never answer 429 for the load of one loop,
// then drives keep-alive HTTP load from this process: the baseline first, then the events
// endpoint, each after a warm-up. Target on SQLite: events req/s ≥ 0.5 × baseline req/s
// (PostgreSQL: reported). Prints a final `BENCH_RESULT {json}` line for bench/run-all.mjs.
import { createHash, randomBytes } from 'node:crypto'
import Database from 'better-sqlite3'
import pg from 'pg'
import { arg, engineArg, fmtInt, fmtMs, machine, report, root, scratchDatabase } from './lib/common.mjs'
import { closedLoop, phaseRow, requireBuild, startNextServer, type Phase } from './lib/next-server.mjs'

const ENGINE = engineArg()
const SECONDS = arg('seconds', 10, 3)
const WARMUP = arg('warmup', 2, 1)
const CONCURRENCY = arg('concurrency', 32)
const TARGET = 0.5
const DRAIN_TARGET_S = 10
const SERVER = process.argv.includes('--server') ? process.argv[process.argv.indexOf('--server') + 1] : 'next'
process.chdir(root)

if (SERVER !== 'handlers') requireBuild('bench/api-events.mts')

// ---- scratch database: migrations, companies and keys ----
const scratch = await scratchDatabase(ENGINE, 'api')
const keys = Array.from(
  { length: CONCURRENCY },
  () =>
    'pk_' +
    randomBytes(24)
      .toString('base64url')
      .replace(/[^A-Za-z0-9]/g, 'x')
      .slice(0, 32),
)
const hash = (key: string) => createHash('sha256').update(key).digest('hex')
if (ENGINE === 'sqlite') {
  const conn = new Database(scratch.file!)
  const now = new Date().toISOString().replace('Z', '+00:00')
  const company = conn.prepare(`INSERT INTO Company (name, publicApiKey, updatedAt) VALUES (?, ?, ?)`)
  const apiKey = conn.prepare(
    `INSERT INTO ApiKey (companyId, label, prefix, keyHash, scopes, createdAt) VALUES (?, 'bench', ?, ?, '[]', ?)`,
  )
  conn.transaction(() => {
    keys.forEach((key, i) => {
      const companyId = Number(company.run(`Bench ${i}`, `BN${String(i).padStart(4, '0')}`, now).lastInsertRowid)
      apiKey.run(companyId, key.slice(0, 8), hash(key), now)
    })
  })()
  conn.close()
} else {
  const client = new pg.Client({ connectionString: scratch.url })
  await client.connect()
  for (const [i, key] of keys.entries()) {
    const { rows } = await client.query(
      `INSERT INTO "Company" (name, "publicApiKey", "updatedAt") VALUES ($1, $2, now()) RETURNING id`,
      [`Bench ${i}`, `BN${String(i).padStart(4, '0')}`],
    )
    await client.query(
      `INSERT INTO "ApiKey" ("companyId", label, prefix, "keyHash", scopes) VALUES ($1, 'bench', $2, $3, '[]')`,
      [rows[0].id, key.slice(0, 8), hash(key)],
    )
  }
  await client.end()
}

/** Events the worker stored, and ingest jobs still queued. */
async function workerState(): Promise<{ stored: number; backlog: number }> {
  if (ENGINE === 'sqlite') {
    const conn = new Database(scratch.file!, { readonly: true })
    const backlog = conn.prepare(`SELECT COUNT(*) FROM Job WHERE type = 'events.ingest'`).pluck().get() as number
    const stored = conn.prepare(`SELECT COUNT(*) FROM Event`).pluck().get() as number
    conn.close()
    return { stored, backlog }
  }
  const client = new pg.Client({ connectionString: scratch.url })
  await client.connect()
  try {
    const stored = Number((await client.query('SELECT COUNT(*) AS n FROM "Event"')).rows[0].n)
    const backlog = Number(
      (
        await client
          .query(`SELECT COUNT(*) AS n FROM graphile_worker.jobs WHERE task_identifier = 'events.ingest'`)
          .catch(() => ({ rows: [{ n: NaN }] }))
      ).rows[0].n,
    )
    return { stored, backlog }
  } finally {
    await client.end()
  }
}

// ---- the server ----
const server = await startNextServer(
  scratch,
  CONCURRENCY,
  { BENCH_HANDLERS: '/api/events=app/api/events/route.ts,/api/bench/noop=app/api/bench/noop/route.ts' },
  SERVER === 'handlers'
    ? { cmd: process.execPath, args: ['--import', 'tsx', 'bench/lib/handler-server-child.mts'] }
    : undefined,
)
const { port } = server

// ---- the load ----
const METRICS = ['Viewed Product', 'Active on Site', 'Added to Cart', 'Started Checkout', 'Placed Order']
function eventBody(loop: number, n: number): string {
  const metric = METRICS[n % METRICS.length]!
  const product = (n * 7 + loop) % 50
  const price = 10 + ((n * 13) % 190)
  return JSON.stringify({
    data: {
      type: 'event',
      attributes: {
        properties: {
          ProductName: `Product ${product}`,
          ProductID: String(7401000 + product),
          Categories: ['Apparel'],
          Price: price,
          URL: `https://shop.example/products/p-${product}`,
        },
        time: new Date().toISOString(),
        value: metric === 'Placed Order' ? price : undefined,
        unique_id: `bench-${loop}-${n}`,
        metric: { data: { type: 'metric', attributes: { name: metric } } },
        profile: {
          data: {
            type: 'profile',
            attributes: { email: `shopper-${loop}-${n % 400}@example.test`, first_name: `Shopper ${n % 400}` },
          },
        },
      },
    },
  })
}

const sent: number[] = []
function drive(target: 'noop' | 'events', seconds: number): Promise<Phase> {
  const pathName = target === 'noop' ? '/api/bench/noop' : '/api/events'
  return closedLoop(CONCURRENCY, seconds, (loop) =>
    // A number per loop that never repeats across phases: the warm-up's events are new events
    // too (a repeated unique_id would be deduplicated, and the stored count would fall short).
    server.request('POST', pathName, eventBody(loop, (sent[loop] = (sent[loop] ?? 0) + 1)), {
      'content-type': 'application/vnd.api+json',
      accept: 'application/vnd.api+json',
      revision: '2026-07-15',
      authorization: `Klaviyo-API-Key ${keys[loop]}`,
    }),
  )
}

try {
  console.log(
    `Bench (a) on ${ENGINE}, POST /api/events vs a bare 202 handler: concurrency ${CONCURRENCY}, ${SECONDS} s each after ${WARMUP} s warm-up, loopback port ${port}`,
  )
  console.log(`Machine: ${machine()}`)
  if (scratch.source) console.log(`PostgreSQL: ${scratch.source}`)
  await server.waitUntilUp()
  const results: Record<string, Phase> = {}
  let warmEvents: Phase | undefined
  for (const target of ['noop', 'events'] as const) {
    const warm = await drive(target, WARMUP)
    if (target === 'events') warmEvents = warm
    results[target] = await drive(target, SECONDS)
  }
  const atEnd = await workerState()
  // Every 202 of the warm-up and the timed phase queued an event: wait for the worker to store them.
  const accepted = [results.events!, warmEvents!].reduce((n, p) => n + (p.statuses.get(202) ?? 0), 0)
  const endAt = performance.now()
  let { stored, backlog } = atEnd
  while (stored < accepted && performance.now() - endAt < 60_000) {
    await new Promise((r) => setTimeout(r, 200))
    ;({ stored, backlog } = await workerState())
  }
  const drainSeconds = (performance.now() - endAt) / 1000

  console.log('')
  console.log('                                     req/s   p50 ms   p99 ms   statuses')
  const noop = phaseRow('POST /api/bench/noop (baseline)', results.noop!)
  const events = phaseRow('POST /api/events', results.events!)
  const ratio = events.rate / noop.rate
  const ok = (results.events!.statuses.get(202) ?? 0) === results.events!.requests && results.events!.errors === 0
  console.log(
    `  ratio ${ratio.toFixed(2)}   ${ENGINE === 'sqlite' ? `target ≥ ${TARGET}: ${ratio >= TARGET ? 'met' : 'NOT met'}` : '(reported)'}${ok ? '' : '   (WARNING: not every events request answered 202)'}`,
  )
  console.log(
    `  worker at the end of the load: ${atEnd.stored.toLocaleString('en-US')} events stored, ${atEnd.backlog.toLocaleString('en-US')} ingest jobs still queued`,
  )
  const drained = stored === accepted
  console.log(
    `  ${accepted.toLocaleString('en-US')} accepted, ${stored.toLocaleString('en-US')} stored ${drainSeconds.toFixed(1)} s after the load (${backlog} jobs left): ${drained && drainSeconds <= DRAIN_TARGET_S ? 'within' : 'NOT within'} ${DRAIN_TARGET_S} s`,
  )
  report(
    'api-events',
    ENGINE,
    [
      {
        figure: '(a)',
        what: `POST /api/events, concurrency ${CONCURRENCY}, ${SECONDS} s`,
        ours: `${fmtInt(events.rate)} req/s (p99 ${fmtMs(events.p99)}), ${drained ? `all stored ${drainSeconds.toFixed(1)} s after` : `${fmtInt(accepted - stored)} not stored`}`,
        baseline: `${fmtInt(noop.rate)} req/s`,
        ratio: Number(ratio.toFixed(3)),
        ...(ENGINE === 'sqlite'
          ? { target: `≥ ${TARGET}`, met: ratio >= TARGET && ok }
          : { target: `stored within ${DRAIN_TARGET_S} s`, met: ok && drained && drainSeconds <= DRAIN_TARGET_S }),
      },
    ],
    {
      concurrency: CONCURRENCY,
      seconds: SECONDS,
      server: SERVER,
      storedAtEnd: atEnd.stored,
      backlogAtEnd: atEnd.backlog,
      accepted,
      stored,
      backlog,
      drainSeconds: +drainSeconds.toFixed(2),
      baseline: { reqPerSec: Math.round(noop.rate), p50Ms: +noop.p50.toFixed(2), p99Ms: +noop.p99.toFixed(2) },
      events: {
        reqPerSec: Math.round(events.rate),
        p50Ms: +events.p50.toFixed(2),
        p99Ms: +events.p99.toFixed(2),
        all202: ok,
      },
    },
  )
  await server.stop()
} catch (e) {
  console.error(e instanceof Error ? e.message : e)
  await server.stop()
  process.exit(1)
}
