/** @jest-environment node */
// A deadlock or serialization failure that still reaches ingest (issue 22 §1) reruns the batch
// once, with a backoff, and is counted by ingestRetryCount() (read by the health endpoint): the
// rerun stores every event once; a second failure is not retried again (the job's own retry is).
// The failure is raised by an in-transaction consumer, the last step before the commit, so the
// first attempt's event inserts are really written and then undone.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
import { db } from '@/lib/db/client'
import { ingestEvents } from '@/lib/events/ingest-events'
import { ingestRetryCount } from '@/lib/events/ingest-retry-count'
import { registerBatchConsumer } from '@/lib/events/batch-consumers'
import { makeCompany } from '../helpers/factory'

afterEach(() => registerBatchConsumer({ name: 'probe deadlock' }))
afterAll(() => db.$disconnect())

const deadlock = () => Object.assign(new Error('deadlock detected'), { code: '40P01' })
function failTimes(n: number) {
  let calls = 0
  registerBatchConsumer({
    name: 'probe deadlock',
    *inTransaction() {
      if (calls++ < n) throw deadlock()
    },
  })
  return () => calls
}
const events = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    metric: { name: 'Retried Metric' },
    profile: { email: `retry${i % 3}@example.test` },
    // Half without unique_id: a doubled insert would show in the count.
    ...(i % 2 ? { uniqueId: `u-${i}` } : {}),
  }))

test('one deadlock: the batch runs again, every event is stored once, and the retry is counted', async () => {
  const { id: companyId } = await makeCompany()
  const calls = failTimes(1)
  const before = ingestRetryCount()
  const results = await ingestEvents(companyId, events(6))
  expect(calls()).toBe(2)
  expect(ingestRetryCount()).toBe(before + 1)
  expect(results.every((r) => r.eventId !== null)).toBe(true)
  expect(await db.event.count({ where: { companyId } })).toBe(6)
  expect(await db.profile.count({ where: { companyId } })).toBe(3)
  expect(await db.metric.count({ where: { companyId } })).toBe(1)
})

test('a second deadlock is not retried again: nothing is stored and the caller sees the error', async () => {
  const { id: companyId } = await makeCompany()
  const calls = failTimes(5)
  const before = ingestRetryCount()
  await expect(ingestEvents(companyId, events(4))).rejects.toMatchObject({ code: '40P01' })
  expect(calls()).toBe(2)
  expect(ingestRetryCount()).toBe(before + 1)
  expect(await db.event.count({ where: { companyId } })).toBe(0)
})
