// Benchmark (issue 21 §6): Shopify orders/create webhooks at concurrency 32 through
// POST /webhooks/shopify (connection lookup, HMAC, the delivery recorded once with its job)
// against a bare handler of the same build that checks the HMAC and answers 200
// (POST /api/bench/shopify-noop, BENCH_ROUTES=1); then the backlog drained by the in-process
// worker to Placed Order stored. Needs a production build (.next): it does not build.
//
//   npx tsx bench/shopify-webhooks.mts [--engine sqlite|postgres] [--quick] [--seconds 10] [--warmup 2] [--concurrency 32] [--server next|handlers]
//
// --server handlers serves the same two route handlers from a plain node:http server with the
// in-process worker (bench/lib/handler-server-child.mts) instead of `next start`: no build
// needed, and without Next.js's own per-request cost, which both sides share, so its ratio is
// the stricter one.
//
// --worker separate runs the job worker as its own process (scripts/worker.mts, as `npm run
// worker` beside a server started with ENABLE_INPROCESS_WORKER=0) instead of inside the server.
//
// One company and Shopify connection per concurrent loop (credentials sealed with the server's
// SECRETS_KEY, as the connect step stores them); every request a new order (its own id, webhook
// id and buyer), signed with its shop's secret. Target: webhooks/s ≥ 0.5 × baseline req/s.
// Prints a final `BENCH_RESULT {json}` line for bench/run-all.mjs.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import { createHmac, randomBytes } from 'node:crypto'
import path from 'node:path'
import Database from 'better-sqlite3'
import pg from 'pg'
import { arg, engineArg, fmtInt, fmtMs, machine, report, root, scratchDatabase } from './lib/common.mjs'
import { closedLoop, phaseRow, requireBuild, startNextServer, type Phase } from './lib/next-server.mjs'

const ENGINE = engineArg()
const SECONDS = arg('seconds', 10, 3)
const WARMUP = arg('warmup', 2, 1)
const CONCURRENCY = arg('concurrency', 32)
const DRAIN_LIMIT_S = arg('drain-limit', 600, 120)
const TARGET = 0.5
const BASELINE_SECRET = 'bench-shopify-secret'
const SERVER = process.argv.includes('--server') ? process.argv[process.argv.indexOf('--server') + 1] : 'next'
if (SERVER !== 'next' && SERVER !== 'handlers') throw new Error(`--server ${SERVER}: use next or handlers`)
const WORKER = process.argv.includes('--worker') ? process.argv[process.argv.indexOf('--worker') + 1] : 'inprocess'
if (WORKER !== 'inprocess' && WORKER !== 'separate') throw new Error(`--worker ${WORKER}: use inprocess or separate`)
process.chdir(root)

if (SERVER === 'next') requireBuild('bench/shopify-webhooks.mts')

// The server and this process seal and open credentials under the same key.
process.env.SECRETS_KEY ??= randomBytes(32).toString('base64url')
const { sealSecret } = await import('../lib/crypto/secret-box')

// ---- scratch database: companies and their Shopify connections ----
const scratch = await scratchDatabase(ENGINE, 'shopify')
const shops = Array.from({ length: CONCURRENCY }, (_, i) => ({
  shop: `bench-${i}.myshopify.com`,
  secret: randomBytes(24).toString('base64url'),
}))
const credentials = (secret: string) =>
  sealSecret(JSON.stringify({ accessToken: 'shpat_bench', webhookSecret: secret }), 'integration-credentials')
if (ENGINE === 'sqlite') {
  const conn = new Database(scratch.file!)
  const now = new Date().toISOString().replace('Z', '+00:00')
  const company = conn.prepare(`INSERT INTO Company (name, publicApiKey, updatedAt) VALUES (?, ?, ?)`)
  const integration = conn.prepare(
    `INSERT INTO Integration (id, companyId, key, externalKey, credentials, createdAt, updatedAt) VALUES (?, ?, 'shopify', ?, ?, ?, ?)`,
  )
  conn.transaction(() => {
    shops.forEach((s, i) => {
      const companyId = Number(company.run(`Bench ${i}`, `BS${String(i).padStart(4, '0')}`, now).lastInsertRowid)
      integration.run(`bench-int-${i}`, companyId, s.shop, credentials(s.secret), now, now)
    })
  })()
  conn.close()
} else {
  const client = new pg.Client({ connectionString: scratch.url })
  await client.connect()
  for (const [i, s] of shops.entries()) {
    const { rows } = await client.query(
      `INSERT INTO "Company" (name, "publicApiKey", "updatedAt") VALUES ($1, $2, now()) RETURNING id`,
      [`Bench ${i}`, `BS${String(i).padStart(4, '0')}`],
    )
    await client.query(
      `INSERT INTO "Integration" (id, "companyId", key, "externalKey", credentials, "updatedAt") VALUES ($1, $2, 'shopify', $3, $4, now())`,
      [`bench-int-${i}`, rows[0].id, s.shop, credentials(s.secret)],
    )
  }
  await client.end()
}

/** Placed Order events stored, and delivery / ingest jobs still queued. */
async function workerState(): Promise<{ stored: number; backlog: number }> {
  const types = `('integrations.delivery', 'events.ingest')`
  if (ENGINE === 'sqlite') {
    const conn = new Database(scratch.file!, { readonly: true })
    const backlog = conn
      .prepare(`SELECT COUNT(*) FROM Job WHERE type IN ${types} AND status IN ('queued', 'running')`)
      .pluck()
      .get() as number
    const stored = conn
      .prepare(`SELECT COUNT(*) FROM Event e JOIN Metric m ON m.id = e.metricId WHERE m.name = 'Placed Order'`)
      .pluck()
      .get() as number
    conn.close()
    return { stored, backlog }
  }
  const client = new pg.Client({ connectionString: scratch.url })
  await client.connect()
  try {
    const stored = Number(
      (
        await client.query(
          `SELECT COUNT(*) AS n FROM "Event" e JOIN "Metric" m ON m.id = e."metricId" WHERE m.name = 'Placed Order'`,
        )
      ).rows[0].n,
    )
    const backlog = Number(
      (
        await client
          .query(`SELECT COUNT(*) AS n FROM graphile_worker.jobs WHERE task_identifier IN ${types}`)
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
  {
    ...(WORKER === 'separate' ? { ENABLE_INPROCESS_WORKER: '0' } : {}),
    BENCH_HANDLERS:
      '/webhooks/shopify=app/webhooks/shopify/route.ts,/api/bench/shopify-noop=app/api/bench/shopify-noop/route.ts',
  },
  SERVER === 'handlers'
    ? {
        cmd: process.execPath,
        // BENCH_CPU_PROF=<dir>: the server's CPU profile, written when it stops.
        args: [
          ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
          '--import',
          'tsx',
          'bench/lib/handler-server-child.mts',
        ],
      }
    : undefined,
)
const { port } = server
const worker =
  WORKER === 'separate'
    ? spawn(process.execPath, ['--import', 'tsx', 'scripts/worker.mts'], {
        env: { ...process.env, DATABASE_URL: scratch.url, NODE_ENV: 'production' },
        stdio: ['ignore', 'ignore', 'inherit'],
      })
    : null
const stopWorker = async () => {
  if (!worker || worker.exitCode !== null) return
  const exited = new Promise((r) => worker.once('exit', r))
  worker.kill('SIGKILL')
  await exited
}

// ---- the load: Shopify's documented orders/create payload, a new order each time ----
const template = fs.readFileSync(path.join(root, 'tests/fixtures/shopify/orders-create.json'), 'utf8')
let seq = 0
function order(loop: number): { body: string; id: string } {
  const n = ++seq
  const id = String(5_000_000_000_000 + n)
  const body = template
    .replaceAll('820982911946154508', id)
    .replaceAll('jon@example.com', `buyer-${loop}-${n % 500}@example.test`)
    .replace('"2026-05-10T12:00:00-04:00"', JSON.stringify(new Date().toISOString()))
  return { body, id: `bench-${n}` }
}

function drive(target: 'noop' | 'webhook', seconds: number): Promise<Phase> {
  const pathName = target === 'noop' ? '/api/bench/shopify-noop' : '/webhooks/shopify'
  return closedLoop(CONCURRENCY, seconds, (loop) => {
    const { body, id } = order(loop)
    const secret = target === 'noop' ? BASELINE_SECRET : shops[loop]!.secret
    return server.request('POST', pathName, body, {
      'content-type': 'application/json',
      'x-shopify-topic': 'orders/create',
      'x-shopify-shop-domain': shops[loop]!.shop,
      'x-shopify-webhook-id': id,
      'x-shopify-hmac-sha256': createHmac('sha256', secret).update(body).digest('base64'),
    })
  })
}

try {
  console.log(
    `Shopify webhooks on ${ENGINE} (${SERVER === 'next' ? 'next start' : 'route handlers on node:http'}, worker ${WORKER === 'separate' ? 'in its own process' : 'in the server'}), POST /webhooks/shopify vs a bare HMAC-checking 200 handler: concurrency ${CONCURRENCY}, ${SECONDS} s each after ${WARMUP} s warm-up, loopback port ${port}`,
  )
  console.log(`Machine: ${machine()}`)
  if (scratch.source) console.log(`PostgreSQL: ${scratch.source}`)
  await server.waitUntilUp()
  const results: Record<string, Phase> = {}
  for (const target of ['noop', 'webhook'] as const) {
    await drive(target, WARMUP)
    results[target] = await drive(target, SECONDS)
  }
  const accepted = results.webhook!.statuses.get(200) ?? 0
  const drainStart = performance.now()
  let state = await workerState()
  while (state.backlog > 0 && performance.now() - drainStart < DRAIN_LIMIT_S * 1000) {
    await new Promise((r) => setTimeout(r, 500))
    state = await workerState()
  }
  const drainS = (performance.now() - drainStart) / 1000

  console.log('')
  console.log('                                     req/s   p50 ms   p99 ms   statuses')
  const noop = phaseRow('POST /api/bench/shopify-noop', results.noop!)
  const hook = phaseRow('POST /webhooks/shopify', results.webhook!)
  const ratio = hook.rate / noop.rate
  const ok = accepted === results.webhook!.requests && results.webhook!.errors === 0
  const drained = state.backlog === 0
  console.log(
    `  ratio ${ratio.toFixed(2)}   target ≥ ${TARGET}: ${ratio >= TARGET ? 'met' : 'NOT met'}${ok ? '' : '   (WARNING: not every webhook answered 200)'}`,
  )
  console.log(
    `  backlog ${drained ? `drained ${drainS.toFixed(1)} s after the load` : `NOT drained after ${DRAIN_LIMIT_S} s (${state.backlog} jobs left)`}: ${state.stored.toLocaleString('en-US')} Placed Order stored`,
  )
  report(
    'shopify-webhooks',
    ENGINE,
    [
      {
        figure: '21 §6',
        what: `Shopify orders/create webhooks, concurrency ${CONCURRENCY}, ${SECONDS} s${SERVER === 'handlers' ? ' (handlers on node:http, no Next.js)' : ''}${WORKER === 'separate' ? ', worker in its own process' : ''}`,
        ours: `${fmtInt(hook.rate)} req/s (p99 ${fmtMs(hook.p99)})`,
        baseline: `${fmtInt(noop.rate)} req/s`,
        ratio: Number(ratio.toFixed(3)),
        target: `≥ ${TARGET}`,
        met: ratio >= TARGET && ok && drained,
      },
    ],
    {
      server: SERVER,
      worker: WORKER,
      concurrency: CONCURRENCY,
      seconds: SECONDS,
      stored: state.stored,
      backlog: state.backlog,
      drainSeconds: +drainS.toFixed(1),
      baseline: { reqPerSec: Math.round(noop.rate), p50Ms: +noop.p50.toFixed(2), p99Ms: +noop.p99.toFixed(2) },
      webhooks: {
        reqPerSec: Math.round(hook.rate),
        p50Ms: +hook.p50.toFixed(2),
        p99Ms: +hook.p99.toFixed(2),
        all200: ok,
      },
    },
  )
  await stopWorker()
  await server.stop()
} catch (e) {
  console.error(e instanceof Error ? e.message : e)
  await stopWorker()
  await server.stop()
  process.exit(1)
}
