/** @jest-environment node */
// Issue 22 §3 (the soak's accept latency): concurrent enqueue() calls on PostgreSQL go to the
// server as groups (app_jobs.add_job_group: one statement and one commit for many), and each
// caller still gets its own job's id. A job with a bad value fails alone, not its group; keyed
// enqueues stay outside groups and still dedupe.
import pg from 'pg'
import { startJobsPostgres, type TestPostgres } from '../helpers/jobs-postgres'
import { closePostgresJobQueues } from '@/lib/jobs/postgres-job-queue'
import { jobQueue } from '@/lib/jobs/current-queue'

jest.setTimeout(120_000)

let server: TestPostgres = { url: null, reason: 'not started' }
let db: pg.Pool
let statements = 0
beforeAll(async () => {
  server = await startJobsPostgres()
  if (server.url === null) {
    console.warn(`[core-queue-postgres-group-enqueue] no PostgreSQL (${server.reason}): skipped`)
    return
  }
  process.env.DATABASE_URL = server.url
  await jobQueue().prepare()
  // Count the queue pool's statements (the pool is the queue's own, per URL).
  const queues = (globalThis as unknown as { __pgJobQueues: Map<string, { pool: pg.Pool }> }).__pgJobQueues
  const pool = queues.get(server.url)!.pool
  const query = pool.query.bind(pool) as (...a: unknown[]) => unknown
  pool.query = ((...a: unknown[]) => {
    statements++
    return query(...a)
  }) as typeof pool.query
  db = new pg.Pool({ connectionString: server.url, max: 2 })
  db.on('error', () => {})
}, 90_000)
afterAll(async () => {
  await db?.end()
  await closePostgresJobQueues()
  if (server.url) await server.stop()
})

const now = new Date('2026-11-29T12:00:00Z')

test('60 concurrent enqueues: fewer statements than jobs, each caller gets its own job', async () => {
  if (!server.url) return
  statements = 0
  const ids = await Promise.all(
    Array.from({ length: 60 }, (_, n) =>
      jobQueue().enqueue('test.group', { n }, { companyId: 100 + (n % 3), maxAttempts: 3 }, now),
    ),
  )
  expect(new Set(ids).size).toBe(60)
  expect(statements).toBeLessThan(60)
  // Groups go out in the callers' order and draw their ids in it: the jobs claim in call order.
  expect(ids).toEqual([...ids].sort((a, b) => a - b))
  const { rows } = await db.query<{ id: string; payload: { companyId: number; payload: { n: number } } }>(
    `select j.id, j.payload from graphile_worker._private_jobs j where j.id = any($1::bigint[])`,
    [ids],
  )
  const byId = new Map(rows.map((r) => [Number(r.id), r.payload]))
  ids.forEach((id, n) => expect(byId.get(id)).toEqual({ companyId: 100 + (n % 3), payload: { n } }))
  const claimed = await jobQueue().claim({
    workerId: 'w',
    limit: 100,
    visibilityTimeoutMs: 60_000,
    type: 'test.group',
    now: new Date(now.getTime() + 1000),
  })
  expect(claimed.map((j) => j.maxAttempts)).toEqual(Array(60).fill(3))
})

test('identical jobs in one group, of a type never seen before: one job each, every id its own', async () => {
  if (!server.url) return
  statements = 0
  const type = `test.group-new-${process.pid}`
  const ids = await Promise.all(
    Array.from({ length: 8 }, () => jobQueue().enqueue(type, { same: true }, { companyId: 7 }, now)),
  )
  expect(statements).toBeLessThan(8)
  expect(new Set(ids).size).toBe(8)
  const { rows } = await db.query<{ n: string }>(
    `select count(*) as n from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
      where t.identifier = $1 and j.id = any($2::bigint[])`,
    [type, ids],
  )
  expect(Number(rows[0]!.n)).toBe(8)
})

test('a bad job fails alone; its group is added', async () => {
  if (!server.url) return
  const results = await Promise.allSettled(
    Array.from({ length: 10 }, (_, n) =>
      // max_attempts is a smallint in the library's table: 70,000 cannot be stored.
      jobQueue().enqueue('test.group-bad', { n }, { maxAttempts: n === 4 ? 70_000 : 5 }, now),
    ),
  )
  expect(results.map((r) => r.status)).toEqual(results.map((_, n) => (n === 4 ? 'rejected' : 'fulfilled')))
  const { rows } = await db.query(
    `select count(*)::int as n from graphile_worker.jobs where task_identifier = 'test.group-bad'`,
  )
  expect(rows[0].n).toBe(9)
})

test('keyed enqueues stay outside groups and still dedupe', async () => {
  if (!server.url) return
  const ids = await Promise.all(
    Array.from({ length: 5 }, () => jobQueue().enqueue('test.group-key', {}, { idempotencyKey: 'k-1' }, now)),
  )
  expect(new Set(ids).size).toBe(1)
})
