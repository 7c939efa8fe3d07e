/** @jest-environment node */
// Per-account batch claims on PostgreSQL (issue 22): a batched type whose handler serializes each
// account (events.ingest) is claimed one account per batch, never an account another live lease
// is working on, so concurrent loops ingest different accounts instead of waiting for one
// account's ingest lock. Skipped on SQLite (one writer; its claim is unchanged).
import { testEngine, useTestDatabase } from '../helpers/test-db'
useTestDatabase()
import { closePgPool, pgPool } from '@/lib/db/pg-pool'
import { jobQueue } from '@/lib/jobs/current-queue'
import type { ClaimedJob } from '@/lib/jobs/job-queue'
import { closePostgresJobQueues } from '@/lib/jobs/postgres-job-queue'
import { handlers, registerBatchJobHandler } from '@/lib/jobs/registry'
import { runStep } from '@/lib/jobs/run-jobs'

jest.setTimeout(120_000)
const it = testEngine() === 'postgres' ? test : test.skip

const TYPE = 'test.account-batch'
const A = 9_001
const B = 9_002
const q = async (text: string, values: unknown[] = []) =>
  (await pgPool(process.env.DATABASE_URL!).query(text, values)).rows

beforeAll(async () => {
  if (testEngine() === 'postgres') await jobQueue().prepare()
})
afterEach(async () => {
  if (testEngine() === 'postgres') await q('delete from graphile_worker._private_jobs')
})
afterAll(async () => {
  await closePostgresJobQueues()
  await closePgPool()
})

/** Enqueues jobs of one account, each `gapMs` older than the next, the oldest `ageMs` ago. */
async function enqueue(companyId: number | null, n: number, now: Date, ageMs = 60_000, gapMs = 1000) {
  const ids: number[] = []
  for (let i = 0; i < n; i++) {
    const runAt = new Date(now.getTime() - ageMs + i * gapMs)
    ids.push(await jobQueue().enqueue(TYPE, { i }, { companyId, runAt }, now))
  }
  return ids
}

/** The two claims of the worker's step (lib/jobs/run-jobs.ts) for a per-account type. */
async function claimBatch(workerId: string, now: Date, o: { limit?: number; leaseMs?: number } = {}) {
  const base = { workerId, visibilityTimeoutMs: o.leaseMs ?? 60_000, now }
  const first = await jobQueue().claim({ ...base, limit: 1, accountTypes: [TYPE] })
  if (!first.length) return []
  const more = await jobQueue().claim({
    ...base,
    limit: (o.limit ?? 100) - 1,
    type: TYPE,
    companyId: first[0]!.companyId,
  })
  return [...first, ...more]
}
const accounts = (jobs: ClaimedJob[]) => [...new Set(jobs.map((j) => j.companyId))]

it('two claimers at once with jobs of accounts A and B take one account each, never the same', async () => {
  for (let round = 0; round < 10; round++) {
    const now = new Date()
    await enqueue(A, 5, now)
    await enqueue(B, 5, now, 59_500)
    const [one, two] = await Promise.all([claimBatch('one', now), claimBatch('two', now)])
    expect(accounts(one)).toHaveLength(1)
    expect(accounts(two)).toHaveLength(1)
    expect(accounts(one)[0]).not.toBe(accounts(two)[0])
    await q('delete from graphile_worker._private_jobs')
  }
})

it("while A's batch is leased another claimer takes B's jobs, not A's older ones, and a third claims nothing", async () => {
  const now = new Date()
  const a = await enqueue(A, 3, now)
  const b = await enqueue(B, 2, now, 30_000)
  const first = await claimBatch('one', now, { limit: 2 })
  expect(first.map((j) => j.id)).toEqual(a.slice(0, 2))
  const second = await claimBatch('two', now)
  expect(second.map((j) => j.id)).toEqual(b)
  expect(await claimBatch('three', now)).toEqual([])
  // A's third job waits for A's lease to end, not for a claimer to look at it.
  await jobQueue().complete(first, { keep: false, now })
  expect((await claimBatch('three', now)).map((j) => j.id)).toEqual([a[2]])
})

it('an expired lease frees the account: its jobs, leased or not, go to the next claimer', async () => {
  const now = new Date()
  const a = await enqueue(A, 3, now)
  expect(await claimBatch('one', now, { limit: 2, leaseMs: 1000 })).toHaveLength(2)
  expect(await claimBatch('two', new Date(now.getTime() + 500))).toEqual([])
  const later = new Date(now.getTime() + 2000)
  const taken = await claimBatch('two', later)
  expect(taken.map((j) => j.id).sort((x, y) => x - y)).toEqual(a)
  expect(taken.every((j) => j.lockedBy === 'two')).toBe(true)
})

it('keeps the order within an account (oldest first), whatever the order the jobs were added in', async () => {
  const now = new Date()
  // Added newest first, so ids run against age.
  const ids: number[] = []
  for (let i = 5; i >= 1; i--)
    ids.push(await jobQueue().enqueue(TYPE, { i }, { companyId: A, runAt: new Date(now.getTime() - i * 1000) }, now))
  const oldestFirst = [...ids]
  const batch = await claimBatch('one', now, { limit: 3 })
  expect(batch.map((j) => j.id)).toEqual(oldestFirst.slice(0, 3))
  const next = await claimBatch('two', now, { limit: 3 })
  expect(next).toEqual([]) // A is still leased by 'one'
})

it('jobs without an account are claimed as before, in batches of their own', async () => {
  const now = new Date()
  const none = await enqueue(null, 3, now)
  await enqueue(A, 2, now, 30_000)
  const batch = await claimBatch('one', now)
  expect(batch.map((j) => j.id)).toEqual(none)
  expect(accounts(await claimBatch('two', now))).toEqual([A])
})

it('four concurrent worker loops: every job completed exactly once, no account in two batches at a time', async () => {
  const TYPE4 = 'test.account-loops'
  const runs = new Map<number, number>()
  const active = new Set<number>()
  let overlaps = 0
  let mixed = 0
  let concurrent = 0
  let maxConcurrent = 0
  registerBatchJobHandler(
    TYPE4,
    async (jobs) => {
      const owners = accounts(jobs)
      if (owners.length > 1) mixed++
      const owner = owners[0]
      if (owner != null && active.has(owner)) overlaps++
      if (owner != null) active.add(owner)
      maxConcurrent = Math.max(maxConcurrent, ++concurrent)
      await new Promise((r) => setTimeout(r, 15))
      for (const j of jobs) runs.set(j.id, (runs.get(j.id) ?? 0) + 1)
      concurrent--
      if (owner != null) active.delete(owner)
    },
    { batch: 20, keepDone: false, perAccount: true },
  )
  try {
    const now = new Date()
    const ids: number[] = []
    for (let k = 0; k < 40; k++)
      for (const c of [A, B, 9_003, 9_004, 9_005, 9_006, null])
        ids.push(await jobQueue().enqueue(TYPE4, { k }, { companyId: c, runAt: now }, now))
    const deadline = Date.now() + 60_000
    const loop = async (n: number) => {
      while (runs.size < ids.length && Date.now() < deadline)
        if (!(await runStep({ workerId: `loop-${n}`, visibilityTimeoutMs: 60_000 })))
          await new Promise((r) => setTimeout(r, 10))
    }
    await Promise.all([0, 1, 2, 3].map(loop))
    expect([...runs.keys()].sort((x, y) => x - y)).toEqual(ids)
    expect([...runs.values()].every((n) => n === 1)).toBe(true)
    expect({ overlaps, mixed }).toEqual({ overlaps: 0, mixed: 0 })
    expect(maxConcurrent).toBeGreaterThan(1)
    expect(await q('select id from graphile_worker._private_jobs')).toEqual([])
  } finally {
    handlers.delete(TYPE4)
  }
})

/** Rows the claim read from the jobs table, counted by the server's per-transaction statistics. */
async function claimReading(workerId: string, now: Date) {
  const client = await pgPool(process.env.DATABASE_URL!).connect()
  try {
    await client.query('begin')
    const { rows } = await client.query<{ id: string; payload: { companyId: number } }>(
      'select id, payload from app_jobs.claim_next($1, $2, $3, $4)',
      [now, new Date(now.getTime() + 60_000), workerId, [TYPE]],
    )
    const [read] = (
      await client.query<{ n: string; scans: string }>(
        `select coalesce(seq_tup_read, 0) + coalesce(idx_tup_fetch, 0) as n,
                coalesce(seq_scan, 0) + coalesce(idx_scan, 0) as scans from pg_stat_xact_user_tables
          where schemaname = 'graphile_worker' and relname = '_private_jobs'`,
      )
    ).rows
    await client.query('commit')
    return {
      jobs: rows.map((r) => ({ id: Number(r.id), companyId: r.payload.companyId })),
      read: Number(read?.n ?? 0),
      scans: Number(read?.scans ?? 0),
    }
  } finally {
    client.release()
  }
}

it("an idle claim with 20,000 jobs of one busy account reads the leases, not the account's queue (issue 22 §2)", async () => {
  const now = new Date()
  await q(`select app_jobs.add_jobs($1, (select json_agg(i) from generate_series(1, 20000) i), $2, $3)`, [
    TYPE,
    A,
    new Date(now.getTime() - 60_000),
  ])
  await q('analyze graphile_worker._private_jobs')
  expect(await claimBatch('busy', now, { limit: 500 })).toHaveLength(500)
  // Only A, leased: nothing to claim, found without walking A's 19,500 queued jobs (the old
  // claim read every one of them on each idle loop's poll).
  const idle = await claimReading('idle', now)
  // What it reads is the live leases (here 500, at most loops × batch), not the queue.
  expect(idle.jobs).toEqual([])
  expect(idle.read).toBeLessThan(5_000)
  // B's jobs, newer than all of A's, are the next claim, as cheaply.
  const b = await enqueue(B, 2, now, 1_000, 100)
  const next = await claimReading('idle', now)
  expect(next.jobs).toEqual([{ id: b[0], companyId: B }])
  expect(next.read).toBeLessThan(5_000)
  // And with B leased too, nothing again.
  expect(await claimReading('third', now)).toMatchObject({ jobs: [] })
})

it("jobs of an account locked by another claimer's batch make the account busy: one step, not a search per locked job", async () => {
  const now = new Date()
  const a = await enqueue(A, 200, now, 120_000, 10)
  const b = await enqueue(B, 1, now, 1_000)
  // Another claimer in the middle of taking A's batch: A's jobs row-locked, not yet leased.
  const other = await pgPool(process.env.DATABASE_URL!).connect()
  try {
    await other.query('begin')
    await other.query('select id from graphile_worker._private_jobs where id = any($1::bigint[]) for update', [a])
    const got = await claimReading('x', now)
    expect(got.jobs).toEqual([{ id: b[0], companyId: B }])
    // Stepping over A's 200 locked jobs one by one ran the candidate search 200 times (each a
    // few index scans); now the first locked one marks A busy.
    expect(got.scans).toBeLessThan(60)
  } finally {
    await other.query('rollback')
    other.release()
  }
})

it('a claim reads a few index pages, not the queue, even with statistics taken while it was empty', async () => {
  // The planner's statistics of the jobs table are often from a moment it was near empty; a claim
  // then once read every due job (a bitmap scan and a sort per type, a sequential scan for the
  // expired leases): ~11,000 buffers, 40–165 ms, with 20,000 jobs queued (bench/scaling.mts).
  // Emptied by afterEach; the vacuum clears the earlier tests' dead rows (which any scan steps
  // over until vacuumed) and takes the statistics of an empty queue.
  await q('vacuum analyze graphile_worker._private_jobs')
  const now = new Date()
  await q(
    `select app_jobs.add_jobs($1, (select json_agg(json_build_object('i', g)) from generate_series(1, 5000) g), $2, $3)`,
    [TYPE, A, new Date(now.getTime() - 60_000)],
  )
  await q(
    `select app_jobs.add_jobs('test.other-type', (select json_agg(json_build_object('i', g)) from generate_series(1, 5000) g), null, $1)`,
    [new Date(now.getTime() + 3_600_000)],
  )
  // A batch of A leased, as a running worker holds it.
  const leased = await claimBatch('one', now, { limit: 500 })
  expect(leased).toHaveLength(500)
  // One session, as a worker's pooled connection: the first call plans the function's statements
  // (catalog pages), the second is what every later claim costs.
  const client = await pgPool(process.env.DATABASE_URL!).connect()
  try {
    const claim = `select * from app_jobs.claim_next($1, $2, 'two', array[$3::text])`
    const args = [now, new Date(now.getTime() + 60_000), TYPE]
    await client.query(claim, args)
    const { rows } = await client.query(`explain (analyze, buffers, format json) ${claim}`, args)
    const plan = rows[0]['QUERY PLAN'][0].Plan
    // A is busy and the other type's jobs are not due: nothing to claim, found from the indexes
    // (35 pages here; it was 329 before the claim's plans were pinned to its indexes).
    expect(plan['Actual Rows']).toBe(0)
    expect(plan['Shared Hit Blocks'] + plan['Shared Read Blocks']).toBeLessThan(150)
  } finally {
    client.release()
  }
})
