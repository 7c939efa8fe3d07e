/** @jest-environment node */
// Issue 22 §3 (the soak with a PostgreSQL restart): a batch cut off by a database outage (its
// handler fails with a connection error) is not split into single runs, which would each meet
// the same outage; the batch goes back to the queue as a whole and runs as one batch again,
// without waiting out its lease. A single job cut off the same way goes back too. A job's own
// error still isolates the bad job (core-queue.test.ts).
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
import { db } from '@/lib/db/client'
import { enqueue, registerBatchJobHandler, registerJobHandler, runJobsUntilIdle } from '@/lib/jobs/queue'
import { setQueueClock } from '@/lib/jobs/clock'

afterEach(() => setQueueClock(null))

// What node-postgres reports when the server terminates the session (a fast shutdown).
const terminated = () =>
  Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })

test('a batch cut off by an outage goes back whole and runs again as one batch', async () => {
  const batches: number[][] = []
  registerBatchJobHandler(
    't.outage-batch',
    async (jobs) => {
      batches.push(jobs.map((j) => (j.payload as { n: number }).n))
      if (batches.length === 1) throw terminated()
    },
    { batch: 10, keepDone: false },
  )
  const ids = []
  for (let n = 1; n <= 5; n++) ids.push(await enqueue('t.outage-batch', { n }))
  await runJobsUntilIdle()
  expect(batches).toEqual([[1, 2, 3, 4, 5]])
  const back = await db.job.findMany({ where: { id: { in: ids } } })
  // Queued again (a short retry backoff), not held by a lease until it runs out.
  expect(back.map((j) => [j.status, j.lockedBy])).toEqual(Array(5).fill(['queued', null]))
  expect(back.every((j) => j.runAt.getTime() - Date.now() < 10_000)).toBe(true)
  setQueueClock(10_000)
  await runJobsUntilIdle()
  expect(batches).toEqual([
    [1, 2, 3, 4, 5],
    [1, 2, 3, 4, 5],
  ])
  expect(await db.job.count({ where: { id: { in: ids } } })).toBe(0)
})

test('single jobs cut off by an outage go back to the queue', async () => {
  let calls = 0
  registerJobHandler('t.outage-one', async () => {
    if (++calls === 1) throw terminated()
  })
  const id = await enqueue('t.outage-one', {})
  await runJobsUntilIdle()
  expect(await db.job.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: 'queued', lockedBy: null })
  setQueueClock(10_000)
  await runJobsUntilIdle()
  expect((await db.job.findUniqueOrThrow({ where: { id } })).status).toBe('done')
})
