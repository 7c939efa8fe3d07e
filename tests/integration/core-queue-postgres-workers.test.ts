/** @jest-environment node */
// Two worker processes share one PostgreSQL queue: a burst of 2,000 jobs is done exactly once in
// effect (each job id recorded once; the handler is idempotent, as all handlers must be), and
// when one worker is killed with SIGKILL in the middle of a batch, nothing is lost: its leased
// jobs come back after the visibility timeout and the other worker finishes them.
import { spawn, type ChildProcess } from 'node:child_process'
import pg from 'pg'
import { startJobsPostgres, type TestPostgres } from '../helpers/jobs-postgres'
import { waitFor } from '../helpers/wait-for'
import { closePostgresJobQueues, enqueueInPostgresTransaction } from '@/lib/jobs/postgres-job-queue'
import { jobQueue } from '@/lib/jobs/current-queue'

jest.setTimeout(120_000)
const JOBS = 2_000

let server: TestPostgres = { url: null, reason: 'not started' }
let db: pg.Pool
beforeAll(async () => {
  server = await startJobsPostgres()
  if (server.url === null) {
    console.warn(`[core-queue-postgres-workers] no PostgreSQL (${server.reason}): skipped`)
    return
  }
  process.env.DATABASE_URL = server.url
  await jobQueue().prepare()
  db = new pg.Pool({ connectionString: server.url, max: 2 })
  db.on('error', () => {}) // the server going away at the end
  await db.query(`create table test_queue_runs (job_id bigint primary key, worker text, at timestamptz default clock_timestamp());
    create table test_queue_deliveries (job_id bigint, worker text)`)
}, 90_000)
afterAll(async () => {
  await db?.end()
  await closePostgresJobQueues()
  if (server.url) await server.stop()
})

type Worker = {
  child: ChildProcess
  started: Promise<void>
  output: () => string
  onBatch: (n: number, f: () => void) => void
}
function spawnWorker(id: string): Worker {
  // node --import tsx: the worker itself is the child (tsx's launcher would leave it running when the launcher is killed)
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/helpers/queue-test-worker.mts'], {
    env: {
      ...process.env,
      DATABASE_URL: server.url!,
      WORKER_ID: id,
      VISIBILITY_MS: '3000',
      POLL_MS: '200',
      BATCH: '50',
      DELAY_MS: '150',
      ANNOUNCE_BATCHES: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  // Called (once) when the worker announces its n-th batch: it holds that batch's leases and is
  // sleeping DELAY_MS before recording, so a kill sent now lands mid-batch on any machine load.
  let batchWatch: { n: number; f: () => void } | null = null
  child.stdout!.on('data', (d: Buffer) => {
    if (!batchWatch) return
    const seen = [...(out + d.toString()).matchAll(/batch (\d+) leased/g)].map((m) => Number(m[1]))
    if (seen.some((n) => n >= batchWatch!.n)) {
      const { f } = batchWatch
      batchWatch = null
      f()
    }
  })
  const started = new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString()
      if (out.includes('] started ')) resolve()
    })
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()))
    child.on('exit', (code, signal) => reject(new Error(`worker ${id} exited (${code ?? signal}): ${out}`)))
  })
  started.catch(() => {})
  return { child, started, output: () => out, onBatch: (n, f) => void (batchWatch = { n, f }) }
}

const count = async (sql: string, values: unknown[] = []) => Number((await db.query(sql, values)).rows[0].n)
// Unref: a sleep that lost a Promise.race must not hold the Jest worker open for its 30 s.
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms).unref())

test('2,000 jobs over two workers, one SIGKILLed mid-batch: every job done once in effect, none lost', async () => {
  if (!server.url) return
  const a = spawnWorker('A')
  const b = spawnWorker('B')
  try {
    await Promise.all([a.started, b.started])
    // Kill A when it starts its third batch: it has done work and holds leases.
    const aExited = new Promise<void>((r) => a.child.once('exit', () => r()))
    const aKilled = new Promise<void>((resolve) => a.onBatch(3, () => resolve(void a.child.kill('SIGKILL'))))
    // The burst: 2,000 jobs enqueued in one transaction of ours (one NOTIFY at commit).
    const client = await db.connect()
    const ids: number[] = []
    try {
      await client.query('begin')
      for (let i = 0; i < JOBS; i++) ids.push(await enqueueInPostgresTransaction(client, 'test.record', { i }))
      await client.query('commit')
    } finally {
      client.release()
    }
    const deadline = Date.now() + 30_000
    // Deadlines, not waits: each ends as soon as A is killed and has exited.
    await Promise.race([aKilled, sleep(30_000)])
    await Promise.race([aExited, sleep(5_000)])
    const leasedByA = await count(`select count(*) as n from graphile_worker._private_jobs where locked_by = 'A'`)
    expect(leasedByA).toBeGreaterThan(0)
    const killedAt = await count(`select count(*) as n from test_queue_runs`)
    expect(killedAt).toBeLessThan(JOBS) // the kill really was mid-burst

    // B finishes everything, including A's jobs once their leases expire.
    const left = () => count('select count(*) as n from graphile_worker._private_jobs')
    await waitFor(async () => (await left()) === 0, { timeout: deadline + 30_000 - Date.now(), interval: 100 }).catch(
      () => {},
    )
    expect(await count('select count(*) as n from graphile_worker._private_jobs')).toBe(0) // none left, none dead
    const runs = await db.query<{ job_id: string }>('select job_id from test_queue_runs order by job_id')
    expect(runs.rows.map((r) => Number(r.job_id))).toEqual([...ids].sort((x, y) => x - y)) // each job exactly once in effect
    const deliveries = await count('select count(*) as n from test_queue_deliveries')
    expect(deliveries).toBeGreaterThanOrEqual(JOBS)
    // Only jobs A had leased when it died can have been delivered twice: at most its two loops'
    // batches of 50.
    expect(deliveries - JOBS).toBeLessThanOrEqual(100)
    expect(await count(`select count(*) as n from test_queue_runs where worker = 'B'`)).toBeGreaterThan(0)
    console.info(
      `[core-queue-postgres-workers] A leased ${leasedByA} at the kill (${killedAt}/${JOBS} done); ${deliveries - JOBS} redelivered`,
    )
  } finally {
    for (const w of [a, b]) if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill('SIGTERM')
    await Promise.all(
      [a, b].map((w) =>
        w.child.exitCode !== null || w.child.signalCode !== null ? null : new Promise((r) => w.child.once('exit', r)),
      ),
    )
  }
})
