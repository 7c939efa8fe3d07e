/** @jest-environment node */
// Ingestion across processes on PostgreSQL (skipped on SQLite): two worker processes running the
// product's own handlers share the graphile-worker queue. A burst of events accepted through the
// real accept path (acceptEvent, what POST /api/events calls; 2,000 events over 200 profiles,
// concurrently) and a bulk profile import are all written, each event exactly once. Then one
// worker is killed with SIGKILL while it holds leased ingest jobs, in the middle of a second
// burst: its jobs come back after the lease and the other worker writes them; still every
// event once, none lost, none doubled (events carry no unique_id, so the unique key cannot hide
// a double write: only completing the jobs in the transaction of their writes prevents it).
import { spawn, type ChildProcess } from 'node:child_process'
import { testEngine, useTestDatabase } from '../helpers/test-db'
useTestDatabase()
import { db } from '@/lib/db/client'
import { closePgPool, pgPool } from '@/lib/db/pg-pool'
import { acceptEvent } from '@/lib/events/accept-event'
import { createProfileBulkImport } from '@/lib/imports/create-bulk-import'
import { closePostgresJobQueues } from '@/lib/jobs/postgres-job-queue'
import { jobQueue } from '@/lib/jobs/current-queue'
import { makeCompany } from '../helpers/factory'
import { waitFor } from '../helpers/wait-for'

jest.setTimeout(240_000)
const onPostgres = testEngine() === 'postgres'
const it = onPostgres ? test : test.skip

const EVENTS = 1_000
const PROFILES = 100
const IMPORTED = 200

let companyId: number
beforeAll(async () => {
  if (!onPostgres) return
  companyId = (await makeCompany()).id
  await jobQueue().prepare() // the queue's schema, before two processes race to install it
})
afterAll(async () => {
  await db.$disconnect()
  await closePostgresJobQueues()
  await closePgPool()
})

function spawnWorker(id: string): { child: ChildProcess; started: Promise<void>; output: () => string } {
  // node --import tsx: the worker itself is the child (tsx's launcher would leave it running when the launcher is killed)
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/helpers/ingest-test-worker.mts'], {
    env: { ...process.env, WORKER_ID: id, VISIBILITY_MS: '4000', POLL_MS: '200', ENABLE_INPROCESS_WORKER: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  const started = new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString()
      if (out.includes('started')) resolve()
    })
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()))
    child.on('exit', (code, signal) => reject(new Error(`worker ${id} exited (${code ?? signal}): ${out}`)))
  })
  started.catch(() => {})
  return { child, started, output: () => out }
}

const sql = async (text: string, values: unknown[] = []) =>
  Number((await pgPool(process.env.DATABASE_URL!).query(text, values)).rows[0].n)
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const jobsLeft = () => sql('select count(*) as n from graphile_worker._private_jobs')

/** Accepts events [from, to) concurrently, 50 requests at a time, each naming one of 200 profiles. */
async function burst(from: number, to: number) {
  for (let i = from; i < to; i += 50) {
    await Promise.all(
      Array.from({ length: Math.min(50, to - i) }, (_, k) =>
        acceptEvent(companyId, {
          metric: { name: 'Burst' },
          profile: { email: `p${(i + k) % PROFILES}@burst.test` },
          properties: { n: i + k },
        }),
      ),
    )
  }
}

async function waitForQueue(deadlineMs: number) {
  // A timeout is reported by the count below (none left, none dead).
  await waitFor(async () => (await jobsLeft()) === 0, { timeout: deadlineMs, interval: 100 }).catch(() => {})
  expect(await jobsLeft()).toBe(0) // none left, none dead
}

/** Each n in [0, upTo) stored exactly once. */
async function expectEachOnce(upTo: number) {
  const rows = await pgPool(process.env.DATABASE_URL!).query<{ n: string; c: string }>(
    `select (cast(properties as jsonb)->>'n') as n, count(*) as c from "Event" e join "Metric" m on m.id = e."metricId"
      where e."companyId" = $1 and m.name = 'Burst' group by 1`,
    [companyId],
  )
  const seen = new Map(rows.rows.map((r) => [Number(r.n), Number(r.c)]))
  const missing = Array.from({ length: upTo }, (_, i) => i).filter((i) => !seen.has(i))
  const doubled = [...seen].filter(([, c]) => c !== 1)
  expect({ missing: missing.length, doubled: doubled.length, total: seen.size }).toEqual({
    missing: 0,
    doubled: 0,
    total: upTo,
  })
}

it('two workers: a burst of events and a bulk import written once each; a worker SIGKILLed mid-batch loses and doubles nothing', async () => {
  const a = spawnWorker('A')
  const b = spawnWorker('B')
  try {
    await Promise.all([a.started, b.started])

    // 1. The burst and a bulk import, with both workers running.
    const profiles = Array.from({ length: IMPORTED }, (_, i) => ({ email: `i${i}@import.test`, firstName: `I${i}` }))
    const [job] = await Promise.all([createProfileBulkImport(companyId, { profiles }), burst(0, EVENTS)])
    await waitForQueue(120_000)
    await expectEachOnce(EVENTS)
    expect(await db.profile.count({ where: { companyId, email: { endsWith: '@burst.test' } } })).toBe(PROFILES)
    expect(await db.importJob.findUniqueOrThrow({ where: { id: job.id } })).toMatchObject({
      status: 'complete',
      completedCount: IMPORTED,
      failedCount: 0,
    })
    expect(await db.profile.count({ where: { companyId, email: { endsWith: '@import.test' } } })).toBe(IMPORTED)
    expect(await db.metric.count({ where: { companyId, name: 'Burst' } })).toBe(1) // created once, by whichever worker came first
    const lastEventAt = await db.profile.findFirstOrThrow({ where: { companyId, email: 'p0@burst.test' } })
    expect(lastEventAt.lastEventAt).not.toBeNull()

    // 2. A second burst; the worker that holds leased ingest jobs is killed. One account's batches
    // are claimed by one loop at a time, so which of the two holds them is up to the race.
    const second = burst(EVENTS, 2 * EVENTS)
    const deadline = Date.now() + 60_000
    let leased = { by: '', n: 0 }
    while (Date.now() < deadline) {
      for (const by of ['A', 'B']) {
        const n = await sql(`select count(*) as n from graphile_worker._private_jobs where locked_by = '${by}'`)
        if (n > 0) leased = { by, n }
      }
      if (leased.n > 0) break
      await sleep(1)
    }
    ;(leased.by === 'B' ? b : a).child.kill('SIGKILL')
    expect(leased.n).toBeGreaterThan(0)
    await second
    await waitForQueue(120_000) // the survivor finishes everything, the killed one's jobs once their leases expire
    await expectEachOnce(2 * EVENTS)
    expect(await db.profile.count({ where: { companyId, email: { endsWith: '@burst.test' } } })).toBe(PROFILES)
    console.info(`[pg-multiprocess-ingest] ${leased.by} held ${leased.n} leased job(s) when killed`)
  } catch (e) {
    console.error(a.output().slice(-3000), b.output().slice(-3000))
    throw e
  } finally {
    for (const w of [a, b]) if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill('SIGTERM')
    await Promise.all(
      [a, b].map((w) =>
        w.child.exitCode !== null || w.child.signalCode !== null ? null : new Promise((r) => w.child.once('exit', r)),
      ),
    )
    for (const w of [a, b]) for (const s of [w.child.stdout, w.child.stderr]) s?.destroy()
  }
})
