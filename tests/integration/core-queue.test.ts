/** @jest-environment node */
// The durable job queue: retries with backoff, dead letter, visibility-timeout recovery after
// a "crash", idempotency keys, batching, the in-process wake-up, tenancy of payloads.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
import { db } from '@/lib/db/client'
import { enqueue, registerJobHandler, registerBatchJobHandler, runJobsUntilIdle, startWorker } from '@/lib/jobs/queue'
import { setQueueClock, queueNow } from '@/lib/jobs/clock'
import { jobQueue } from '@/lib/jobs/current-queue'
import { backoffSeconds } from '@/lib/jobs/job-queue'

beforeAll(() => jest.spyOn(console, 'error').mockImplementation(() => {})) // dead-letter log lines
afterEach(() => setQueueClock(null))

const job = (id: number) => db.job.findUniqueOrThrow({ where: { id } })

test('a job runs once and is kept as done with its payload and company', async () => {
  const seen: unknown[] = []
  registerJobHandler('t.ok', async (p, ctx) => {
    seen.push([p, ctx.companyId, ctx.attempt])
  })
  const id = await enqueue('t.ok', { hello: 'world' }, { companyId: 7 })
  expect(await runJobsUntilIdle()).toBe(1)
  expect(seen).toEqual([[{ hello: 'world' }, 7, 1]])
  const j = await job(id)
  expect(j.status).toBe('done')
  expect(j.finishedAt).toBeInstanceOf(Date)
  expect(await runJobsUntilIdle()).toBe(0)
})

test('failures retry with exponential backoff, then go dead with lastError', async () => {
  let calls = 0
  registerJobHandler('t.flaky', async () => {
    calls++
    throw new Error(`boom ${calls}`)
  })
  const id = await enqueue('t.flaky', {}, { maxAttempts: 3 })
  const t0 = Date.now()
  await runJobsUntilIdle()
  let j = await job(id)
  expect(j).toMatchObject({ status: 'queued', attempts: 1, lastError: 'Error: boom 1' })
  expect(j.runAt.getTime() - t0).toBeGreaterThanOrEqual(backoffSeconds(1) * 1000 - 50)
  expect(await runJobsUntilIdle()).toBe(0) // not due yet

  setQueueClock(3_000)
  await runJobsUntilIdle()
  j = await job(id)
  expect(j).toMatchObject({ status: 'queued', attempts: 2, lastError: 'Error: boom 2' })
  expect(j.runAt.getTime() - queueNow().getTime()).toBeGreaterThan(3_000) // 4 s the second time

  setQueueClock(10_000)
  await runJobsUntilIdle()
  j = await job(id)
  expect(j).toMatchObject({ status: 'dead', attempts: 3, lastError: 'Error: boom 3' })
  setQueueClock(3_600_000)
  expect(await runJobsUntilIdle()).toBe(0)
  expect(calls).toBe(3)
  expect([1, 2, 3, 20].map(backoffSeconds)).toEqual([2, 4, 8, 600])
})

test('a 4xx error is permanent: dead at once', async () => {
  registerJobHandler('t.bad', async () => {
    throw Object.assign(new Error('bad payload'), { status: 400 })
  })
  const id = await enqueue('t.bad', {})
  await runJobsUntilIdle()
  expect((await job(id)).status).toBe('dead')
})

test('nothing is lost when the worker dies mid-job: the lease expires and another worker runs it', async () => {
  const ran: string[] = []
  registerJobHandler('t.crash', async (p) => {
    ran.push(p.n)
  })
  const id = await enqueue('t.crash', { n: 'x' })
  // Worker A claims the job and "crashes" (never completes it).
  const claimed = await jobQueue().claim({ workerId: 'A', limit: 1, visibilityTimeoutMs: 60_000, now: queueNow() })
  expect(claimed.map((c) => c.id)).toEqual([id])
  expect((await job(id)).status).toBe('running')
  // While the lease holds, nobody else gets it.
  expect(await runJobsUntilIdle({ workerId: 'B' })).toBe(0)
  // Past the visibility timeout, worker B picks it up.
  setQueueClock(61_000)
  expect(await runJobsUntilIdle({ workerId: 'B' })).toBe(1)
  expect(ran).toEqual(['x'])
  const j = await job(id)
  expect(j).toMatchObject({ status: 'done', attempts: 2, lockedBy: 'B' })
  // Worker A waking up late cannot clobber the finished job.
  await jobQueue().complete([claimed[0]!], { keep: true, now: queueNow() })
  await jobQueue().fail(claimed[0]!, 'late', { permanent: true, now: queueNow() })
  expect((await job(id)).status).toBe('done')
})

test('a lease that expires on the last attempt makes the job dead, not run a 6th time', async () => {
  registerJobHandler('t.last', async () => {})
  const id = await enqueue('t.last', {}, { maxAttempts: 1 })
  await jobQueue().claim({ workerId: 'A', limit: 1, visibilityTimeoutMs: 1000, now: queueNow() })
  setQueueClock(5_000)
  await runJobsUntilIdle()
  expect((await job(id)).status).toBe('dead')
})

test('an idempotency key dedupes enqueues', async () => {
  const a = await enqueue('t.ok', { v: 1 }, { idempotencyKey: 'once-1' })
  const b = await enqueue('t.ok', { v: 2 }, { idempotencyKey: 'once-1' })
  expect(b).toBe(a)
  expect(await db.job.count({ where: { idempotencyKey: 'once-1' } })).toBe(1)
})

test('a batch handler gets many jobs at once; a failing job is isolated from the batch', async () => {
  const batches: number[][] = []
  registerBatchJobHandler(
    't.batch',
    async (jobs) => {
      batches.push(jobs.map((j) => (j.payload as { n: number }).n))
      if (jobs.some((j) => (j.payload as { n: number }).n === 3) && jobs.length > 1) throw new Error('poison in batch')
      if (jobs.length === 1 && (jobs[0]!.payload as { n: number }).n === 3) throw new Error('poison')
    },
    { batch: 10, keepDone: false },
  )
  const ids = []
  for (let n = 1; n <= 5; n++) ids.push(await enqueue('t.batch', { n }))
  await runJobsUntilIdle()
  expect(batches[0]).toEqual([1, 2, 3, 4, 5])
  expect(batches.slice(1)).toEqual([[1], [2], [3], [4], [5]])
  const left = await db.job.findMany({ where: { id: { in: ids } } })
  expect(left.map((j) => [j.status, j.lastError])).toEqual([['queued', 'Error: poison']])
})

test('startWorker: an in-process enqueue is picked up within milliseconds; stop() is graceful', async () => {
  let done: () => void
  const finished = new Promise<void>((r) => (done = r))
  registerJobHandler('t.fast', async () => done())
  const w = startWorker({ pollMs: 10_000, log: () => {} })
  // Real time is the subject (the latency of a pickup by an idle loop) and an idle loop shows no
  // sign of it: a moment for it to start and reach its first idle wait.
  await new Promise((r) => setTimeout(r, 100))
  const t = Date.now()
  await enqueue('t.fast', {})
  await finished
  expect(Date.now() - t).toBeLessThan(200) // far below the 10 s poll
  await w.stop()
})
