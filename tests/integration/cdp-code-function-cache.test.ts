/** @jest-environment node */
// The code functions' ingest consumer (lib/cdp-code/function-consumer.ts) asks the cached list of
// accounts with functions (lib/cdp-code/function-cache.ts) first (issue 22 §4 b): a batch of an
// account without functions for its metrics reads no CodeFunction row, while a function created,
// enabled or consented through the stores runs on the next event; a change made behind the
// cache's back (another process) is seen within its TTL, and a function deleted there is
// never run (the exact query still decides).
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()

import type { CompiledQuery } from 'kysely'
import { db } from '@/lib/db/client'
import { inWriteTx, type OpResult, type Ops } from '@/lib/db/ops'
import { ingestEvents, validateEvents } from '@/lib/events/ingest-events'
import type { IngestGroup, IngestResult } from '@/lib/events/types'
import { jobQueue } from '@/lib/jobs/queue'
import { acceptAuthorization } from '@/lib/cdp-code/authorization'
import { createFunction, updateFunction } from '@/lib/cdp-code/function-store'
import { queueFunctionRunsOps } from '@/lib/cdp-code/function-consumer'
import { CACHE_TTL_MS } from '@/lib/cdp-code/transformation-cache'
import { makeCompany, makeUser } from '../helpers/factory'

beforeAll(() => jobQueue().prepare())
afterEach(() => jest.restoreAllMocks())

/** The statements a unit of work runs, passed through unchanged. */
function* recording<T>(ops: Ops<T>, seen: string[]): Ops<T> {
  let step = ops.next()
  while (!step.done) {
    seen.push((step.value as CompiledQuery).sql)
    const result: OpResult = yield step.value
    step = ops.next(result)
  }
  return step.value
}

/** The statements naming CodeFunction the consumer runs for one new Placed Order event of an
 *  account without functions (the event id is made up: nothing matches, nothing is written). */
async function consumerQueries(companyId: number): Promise<string[]> {
  const events = validateEvents([{ metric: { name: 'Placed Order' }, profile: { email: 'x@example.test' } }])
  const group: IngestGroup = { companyId, mode: 'import', events }
  const ok: IngestResult[] = [{ eventId: 1, duplicate: false, profileId: 'p', metricId: 'm' }]
  const seen: string[] = []
  await inWriteTx(() => recording(queueFunctionRunsOps([group], [{ ok }]), seen))
  return seen.filter((s) => /CodeFunction/.test(s))
}

const order = (companyId: number, uniqueId: string) =>
  ingestEvents(companyId, [{ metric: { name: 'Placed Order' }, profile: { email: 'ada@example.test' }, uniqueId }])
const runs = (companyId: number) => db.codeFunctionInvocation.count({ where: { companyId } })

async function consented() {
  const c = await makeCompany()
  const u = await makeUser({ companyId: c.id, role: 'owner' })
  await acceptAuthorization(c.id, u.id, 'owner')
  return c.id
}

test('a batch of an account without functions reads no function once the cache is warm', async () => {
  const companyId = await makeCompany().then((c) => c.id)
  expect(await consumerQueries(companyId)).toHaveLength(1) // the cache's read of every account's functions
  expect(await consumerQueries(companyId)).toEqual([])
  expect(await consumerQueries(companyId)).toEqual([])
})

test('functions created, disabled and enabled through the store take effect on the next event', async () => {
  const companyId = await consented()
  await order(companyId, 'warm')
  const f = await createFunction(companyId, {
    name: 'Echo',
    triggerMetric: 'Placed Order',
    sourceCode: 'return 1',
    enabled: true,
  })
  await order(companyId, 'o1')
  expect(await runs(companyId)).toBe(1)
  await updateFunction(companyId, f.id, { enabled: false })
  await order(companyId, 'o2')
  expect(await runs(companyId)).toBe(1)
  await updateFunction(companyId, f.id, { enabled: true })
  await order(companyId, 'o3')
  expect(await runs(companyId)).toBe(2)
})

test("another process's changes: a new function within the TTL, a deleted one never runs", async () => {
  const companyId = await consented()
  const f = await createFunction(companyId, {
    name: 'Echo',
    triggerMetric: 'Placed Order',
    sourceCode: 'return 1',
    enabled: false,
  })
  await order(companyId, 'warm')
  // Enabled behind the cache's back: not seen until the cache expires.
  await db.codeFunction.update({ where: { id: f.id }, data: { enabled: true } })
  await order(companyId, 'o1')
  expect(await runs(companyId)).toBe(0)
  const now = Date.now()
  jest.spyOn(Date, 'now').mockReturnValue(now + CACHE_TTL_MS + 1)
  await order(companyId, 'o2')
  expect(await runs(companyId)).toBe(1)
  // Deleted behind its back while the cache still lists it: nothing runs, nothing fails.
  await db.codeFunctionInvocation.deleteMany({ where: { companyId } })
  await db.codeFunction.delete({ where: { id: f.id } })
  await expect(order(companyId, 'o3')).resolves.toHaveLength(1)
  expect(await runs(companyId)).toBe(0)
})
