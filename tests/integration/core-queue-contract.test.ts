/** @jest-environment node */
// The JobQueue contract, run against both engines: the Job table on SQLite and the
// graphile-worker-backed queue on a real PostgreSQL (TEST_DATABASE_URL, or a throwaway embedded
// server). Enqueue, idempotency keys, batch claims, complete, backoff, dead letters, permanent
// errors, lease expiry and extension, enqueue inside the caller's transaction, and the wake-up
// of a worker in another process.
import { useTestDatabase } from '../helpers/test-db'
const sqliteFile = useTestDatabase()
import { spawn, type ChildProcess } from 'node:child_process'
import pg from 'pg'
import { jobQueue } from '@/lib/jobs/current-queue'
import { backoffSeconds, type JobQueue } from '@/lib/jobs/job-queue'
import { closePostgresJobQueues, enqueueInPostgresTransaction } from '@/lib/jobs/postgres-job-queue'
import { enqueueInSqliteTransaction } from '@/lib/jobs/sqlite-job-queue'
import { sqlite, writeTx } from '@/lib/db/sqlite'
import { startJobsPostgres, type TestPostgres } from '../helpers/jobs-postgres'
import { inWriteTx } from '@/lib/db/ops'
import { enqueueManyJobsOps } from '@/lib/jobs/enqueue-many-ops'

jest.setTimeout(60_000)

let server: TestPostgres = { url: null, reason: 'not started' }
beforeAll(async () => {
  server = await startJobsPostgres()
  if (server.url === null)
    console.warn(`[core-queue-contract] no PostgreSQL (${server.reason}): the PostgreSQL half is skipped`)
}, 90_000)
afterAll(async () => {
  await closePostgresJobQueues()
  if (server.url) await server.stop()
})

interface Engine {
  name: 'sqlite' | 'postgresql'
  url: () => string | null
  reset: () => Promise<void>
  /** Enqueues inside a transaction of the caller's own, which then commits or throws. */
  enqueueInTx: (type: string, payload: unknown, commit: boolean) => Promise<number | null>
  createRunsTable: () => Promise<void>
  runAt: (jobId: number) => Promise<number | null>
}

const sqliteEngine: Engine = {
  name: 'sqlite',
  url: () => 'file:' + sqliteFile,
  reset: async () => void sqlite().exec('DELETE FROM Job'),
  async enqueueInTx(type, payload, commit) {
    let id: number | null = null
    await writeTx((conn) => {
      id = enqueueInSqliteTransaction(conn, type, payload, {})
      if (!commit) throw new Error('rolled back')
    }).catch(() => {})
    return id
  },
  createRunsTable: async () =>
    void sqlite()
      .exec(`CREATE TABLE IF NOT EXISTS test_queue_runs (job_id INTEGER PRIMARY KEY, worker TEXT, at INTEGER);
      CREATE TABLE IF NOT EXISTS test_queue_deliveries (job_id INTEGER, worker TEXT)`),
  runAt: async (jobId) =>
    (sqlite().prepare('SELECT at FROM test_queue_runs WHERE job_id = ?').pluck().get(jobId) as number | undefined) ??
    null,
}

const pgQuery = async (text: string, values: unknown[] = []) => {
  const c = new pg.Client({ connectionString: server.url! })
  await c.connect()
  try {
    return await c.query(text, values)
  } finally {
    await c.end()
  }
}

const postgresEngine: Engine = {
  name: 'postgresql',
  url: () => server.url,
  reset: async () => {
    await jobQueue().prepare()
    await pgQuery(
      'delete from graphile_worker._private_jobs; delete from app_jobs.job_keys; delete from app_jobs.finished_jobs',
    )
  },
  async enqueueInTx(type, payload, commit) {
    const c = new pg.Client({ connectionString: server.url! })
    await c.connect()
    try {
      await c.query('begin')
      const id = await enqueueInPostgresTransaction(c, type, payload, {})
      await c.query(commit ? 'commit' : 'rollback')
      return id
    } finally {
      await c.end()
    }
  },
  createRunsTable: async () =>
    void (await pgQuery(`create table if not exists test_queue_runs (job_id bigint primary key, worker text, at timestamptz default clock_timestamp());
      create table if not exists test_queue_deliveries (job_id bigint, worker text)`)),
  runAt: async (jobId) => {
    const { rows } = await pgQuery(
      'select extract(epoch from at) * 1000 as at from test_queue_runs where job_id = $1',
      [jobId],
    )
    return rows[0] ? Number(rows[0].at) : null
  },
}

describe.each([sqliteEngine, postgresEngine])('JobQueue on $name', (engine) => {
  let q: JobQueue
  const t0 = new Date(Date.UTC(2030, 0, 1, 12)) // the queue clock is the caller's: any fixed time works
  const at = (ms: number) => new Date(t0.getTime() + ms)
  const claim = (workerId: string, now: Date, o: { limit?: number; type?: string; lease?: number } = {}) =>
    q.claim({ workerId, limit: o.limit ?? 10, visibilityTimeoutMs: o.lease ?? 60_000, type: o.type, now })
  const skip = () => engine.name === 'postgresql' && !server.url

  beforeAll(() => {
    if (engine.url()) process.env.DATABASE_URL = engine.url()!
  })
  beforeEach(async () => {
    if (skip()) return
    process.env.DATABASE_URL = engine.url()!
    q = jobQueue()
    expect(q.engine).toBe(engine.name)
    await engine.reset()
  })
  // Jest has no runtime skip: a test on a missing engine passes after saying so once (above).
  const it = (name: string, fn: () => Promise<void>, timeout?: number) =>
    test(name, async () => (skip() ? undefined : fn()), timeout)

  it('enqueue, claim with payload and company, complete (kept as done), nothing left', async () => {
    const id = await q.enqueue('c.ok', { hello: 'world' }, { companyId: 7 }, t0)
    expect(await q.get(id, 7)).toMatchObject({
      id,
      type: 'c.ok',
      status: 'queued',
      companyId: 7,
      payload: { hello: 'world' },
    })
    expect(await q.get(id, 8)).toBeNull() // another company's job is not found
    const [job, ...rest] = await claim('A', t0)
    expect(rest).toEqual([])
    expect(job).toEqual({
      id,
      type: 'c.ok',
      companyId: 7,
      payload: { hello: 'world' },
      attempts: 1,
      maxAttempts: 5,
      lockedBy: 'A',
    })
    expect((await q.get(id, 7))!.status).toBe('running')
    await q.complete([job!], { keep: true, now: t0 })
    expect(await q.get(id, 7)).toMatchObject({ status: 'done', attempts: 1 })
    expect(await claim('A', at(3_600_000))).toEqual([])
  })

  it('a job is not claimed before its runAt', async () => {
    await q.enqueue('c.later', {}, { runAt: at(5_000) }, t0)
    expect(await claim('A', t0)).toEqual([])
    expect(await claim('A', at(5_000))).toHaveLength(1)
  })

  it('an idempotency key returns the first job, also after it completed, until pruning', async () => {
    const a = await q.enqueue('c.key', { v: 1 }, { idempotencyKey: 'k-1' }, t0)
    expect(await q.enqueue('c.key', { v: 2 }, { idempotencyKey: 'k-1' }, t0)).toBe(a)
    const [job] = await claim('A', t0)
    expect(job!.payload).toEqual({ v: 1 })
    expect(await q.enqueue('c.key', { v: 3 }, { idempotencyKey: 'k-1' }, t0)).toBe(a) // while running
    await q.complete([job!], { keep: true, now: t0 })
    expect(await q.enqueue('c.key', { v: 4 }, { idempotencyKey: 'k-1' }, at(86_400_000))).toBe(a) // done: still the same job
    expect(await claim('A', at(86_400_000))).toEqual([])
    expect(await q.prune(at(8 * 86_400_000))).toBeGreaterThanOrEqual(1)
    const b = await q.enqueue('c.key', { v: 5 }, { idempotencyKey: 'k-1' }, at(8 * 86_400_000))
    expect(b).not.toBe(a) // pruned after 7 days: the key is free again
  })

  it('concurrent enqueues with one key add one job', async () => {
    const ids = await Promise.all(
      Array.from({ length: 20 }, (_, i) => q.enqueue('c.race', { i }, { idempotencyKey: 'race' }, t0)),
    )
    expect(new Set(ids).size).toBe(1)
    expect(await claim('A', t0, { limit: 50 })).toHaveLength(1)
  })

  it('claims a batch of one type, in order, and never the same job twice', async () => {
    const a = []
    for (let n = 0; n < 5; n++) a.push(await q.enqueue('c.batch', { n }, {}, t0))
    const b = await q.enqueue('c.other', {}, {}, t0)
    const first = await claim('A', t0, { type: 'c.batch', limit: 3 })
    expect(first.map((j) => j.id)).toEqual(a.slice(0, 3))
    const second = await claim('B', t0, { type: 'c.batch', limit: 10 })
    expect(second.map((j) => j.id)).toEqual(a.slice(3))
    expect((await claim('C', t0)).map((j) => j.id)).toEqual([b])
    await q.complete([...first, ...second], { keep: false, now: t0 })
    expect(await q.get(a[0]!, null)).toBeNull() // keep=false: gone
  })

  it('a failure is retried after the backoff, with lastError', async () => {
    const id = await q.enqueue('c.flaky', {}, { maxAttempts: 3 }, t0)
    const [j1] = await claim('A', t0)
    expect(await q.fail(j1!, 'Error: boom 1', { permanent: false, now: t0 })).toBe('retry')
    expect(await q.get(id, null)).toMatchObject({ status: 'queued', attempts: 1, lastError: 'Error: boom 1' })
    expect(await claim('A', at(backoffSeconds(1) * 1000 - 100))).toEqual([])
    const [j2] = await claim('A', at(backoffSeconds(1) * 1000))
    expect(j2).toMatchObject({ id, attempts: 2 })
  })

  it('dead after maxAttempts: kept with its lastError, never claimed again', async () => {
    const id = await q.enqueue('c.dies', {}, { maxAttempts: 2 }, t0)
    const [j1] = await claim('A', t0)
    expect(await q.fail(j1!, 'Error: one', { permanent: false, now: t0 })).toBe('retry')
    const [j2] = await claim('A', at(10_000))
    expect(await q.fail(j2!, 'Error: two', { permanent: false, now: at(10_000) })).toBe('dead')
    expect(await q.get(id, null)).toMatchObject({ status: 'dead', lastError: 'Error: two' })
    expect(await claim('A', at(86_400_000))).toEqual([])
    expect(await q.prune(at(30 * 86_400_000))).toBe(0) // dead letters are kept for inspection
    expect((await q.get(id, null))!.status).toBe('dead')
  })

  it('a permanent error is dead at once', async () => {
    const id = await q.enqueue('c.bad', {}, {}, t0)
    const [j] = await claim('A', t0)
    expect(await q.fail(j!, 'AppError: bad payload', { permanent: true, now: t0 })).toBe('dead')
    expect(await q.get(id, null)).toMatchObject({ status: 'dead', lastError: 'AppError: bad payload' })
    expect(await claim('A', at(86_400_000))).toEqual([])
  })

  it('lease expiry: another worker gets the job; the first one can no longer touch it', async () => {
    const id = await q.enqueue('c.crash', {}, {}, t0)
    const [a] = await claim('A', t0, { lease: 1_000 })
    expect(await claim('B', at(900))).toEqual([])
    const [b] = await claim('B', at(1_100))
    expect(b).toMatchObject({ id, attempts: 2, lockedBy: 'B' })
    // Worker A waking up late: its complete, fail and extend do nothing.
    await q.complete([a!], { keep: true, now: at(1_200) })
    await q.fail(a!, 'late', { permanent: true, now: at(1_200) })
    expect(await q.extend(a!, 60_000, at(1_200))).toBe(false)
    expect(await q.get(id, null)).toMatchObject({ status: 'running' })
    await q.complete([b!], { keep: true, now: at(1_300) })
    expect((await q.get(id, null))!.status).toBe('done')
  })

  it('extend pushes the lease forward', async () => {
    await q.enqueue('c.long', {}, {}, t0)
    const [a] = await claim('A', t0, { lease: 1_000 })
    expect(await q.extend(a!, 1_000, at(800))).toBe(true)
    expect(await claim('B', at(1_500))).toEqual([])
    expect(await claim('B', at(1_900))).toHaveLength(1)
  })

  it("enqueue inside the caller's transaction: nothing on rollback, the job on commit", async () => {
    await engine.enqueueInTx('c.tx', { n: 1 }, false)
    expect(await claim('A', t0)).toEqual([])
    const id = await engine.enqueueInTx('c.tx', { n: 2 }, true)
    const jobs = await claim('A', new Date(Date.now() + 1000))
    expect(jobs.map((j) => [j.id, j.payload])).toEqual([[id, { n: 2 }]])
  })

  it("many jobs inside the caller's transaction (enqueueManyJobsOps): none on rollback, all on commit", async () => {
    await inWriteTx(function* () {
      yield* enqueueManyJobsOps('c.many', [{ n: 0 }], { companyId: 7 }, t0)
      throw new Error('rolled back')
    }).catch(() => {})
    expect(await claim('A', at(1000))).toEqual([])
    const added = await inWriteTx(() =>
      enqueueManyJobsOps('c.many', [{ n: 1 }, { n: 2 }, null], { companyId: 7, maxAttempts: 3 }, t0),
    )
    expect(added).toBe(3)
    const jobs = await claim('A', at(1000))
    // in the order given (a claim returns jobs in id order)
    expect(
      jobs.map((j) => ({
        type: j.type,
        payload: j.payload,
        companyId: j.companyId,
        maxAttempts: j.maxAttempts,
        attempts: j.attempts,
      })),
    ).toEqual(
      [{ n: 1 }, { n: 2 }, null].map((payload) => ({
        type: 'c.many',
        payload,
        companyId: 7,
        maxAttempts: 3,
        attempts: 1,
      })),
    )
    expect(await claim('B', at(2000))).toEqual([])
    expect(await inWriteTx(() => enqueueManyJobsOps('c.many', [], {}, t0))).toBe(0)
  })

  it('a worker in another process picks up a new job in under a second', async () => {
    await engine.createRunsTable()
    const worker = spawnWorker(engine.url()!, {
      WORKER_ID: 'w-latency',
      POLL_MS: engine.name === 'postgresql' ? '10000' : '250',
    })
    try {
      await worker.started
      // Real time is the subject (the latency of a pickup by an idle worker in another process),
      // and an idle loop shows no sign of it: a moment to reach its idle wait, here and between pickups.
      await new Promise((r) => setTimeout(r, 300))
      const latencies: number[] = []
      for (let i = 0; i < 3; i++) {
        const sent = Date.now()
        const id = await q.enqueue('test.record', {}, {}, new Date())
        let ranAt: number | null = null
        // Up to 9 s: still under the 10 s poll, so a pickup proves NOTIFY even on a loaded machine.
        while (ranAt === null && Date.now() - sent < 9_000) {
          await new Promise((r) => setTimeout(r, 10))
          ranAt = await engine.runAt(id)
        }
        expect(ranAt).not.toBeNull()
        latencies.push(ranAt! - sent)
        await new Promise((r) => setTimeout(r, 300)) // real time: back to idle (above)
      }
      // On PostgreSQL the worker polls only every 10 s here: the pickup is NOTIFY's doing. The
      // median is held to the target; one pickup slowed by a busy machine may take longer, but
      // still less than a poll (a CI run under load saw 5.2 s for the slowest of three).
      const sorted = [...latencies].sort((a, b) => a - b)
      expect(sorted[1]).toBeLessThan(1_000)
      expect(sorted[2]).toBeLessThan(9_000)
    } finally {
      await worker.stop()
    }
  }, 30_000)
})

function spawnWorker(
  url: string,
  env: Record<string, string>,
): { started: Promise<void>; stop: () => Promise<void>; child: ChildProcess } {
  // node --import tsx: the worker itself is the child (tsx's launcher would leave it running when the launcher is killed)
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/helpers/queue-test-worker.mts'], {
    env: { ...process.env, DATABASE_URL: url, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  const started = new Promise<void>((resolve, reject) => {
    const onData = (d: Buffer) => {
      out += d.toString()
      if (out.includes('] started ')) resolve()
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()))
    child.on('exit', (code) => reject(new Error(`worker exited (${code}): ${out}`)))
  })
  return {
    child,
    started,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}
