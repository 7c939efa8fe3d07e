/** @jest-environment node */
// Ingest hands each batch to the consumers registered at start-up (issue 30, code health; house
// style "The way data walks"): the order is flow triggers, attribution (inside the ingest
// transaction), segment re-evaluation (after the commit); an in-transaction consumer's writes
// and failures go with the events', an after-commit consumer sees them committed and cannot
// undo them; a start-up that registered nothing fails loudly instead of skipping the engines.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
import { kysely } from '@/lib/db/kysely'
import { db } from '@/lib/db/client'
import { exec } from '@/lib/db/ops'
import { ingestEvents } from '@/lib/events/ingest-events'
import { batchConsumers, registerBatchConsumer } from '@/lib/events/batch-consumers'
import { groupEntryConsumers } from '@/lib/segments/group-entry-consumers'
import { consumerList } from '@/lib/config/consumer-list'
import { makeCompany } from '../helpers/factory'

let companyId: number
beforeEach(async () => {
  companyId = (await makeCompany()).id
})
afterEach(() => {
  // Consumers are replaced by name: the probes become no-ops for the next test.
  registerBatchConsumer({ name: 'probe in transaction' })
  registerBatchConsumer({ name: 'probe after commit' })
})

const event = (email: string) => ({ metric: { name: 'Viewed Product' }, profile: { email } })

test('the registered consumers, in their run order', () => {
  expect(batchConsumers().map((c) => [c.name, !!c.inTransaction, !!c.afterCommit])).toEqual([
    ['flow metric triggers', true, false],
    ['revenue attribution', true, false],
    ['segment re-evaluation', false, true],
    // issue 27: code functions (lib/cdp-code) queue their runs in the transaction, wake workers after
    ['cdp-code functions', true, true],
  ])
  expect(groupEntryConsumers().map((c) => c.name)).toEqual(['flow list and segment triggers'])
})

test('an in-transaction consumer runs inside the ingest transaction: its failure undoes the events and its own writes', async () => {
  registerBatchConsumer({
    name: 'probe in transaction',
    *inTransaction(groups) {
      yield* exec(
        kysely()
          .insertInto('FeatureFlag')
          .values({ companyId: groups[0]!.companyId, name: 'probe', enabled: true, updatedAt: new Date() }),
      )
      throw new Error('probe failed')
    },
  })
  await expect(ingestEvents(companyId, [event('a@example.test')])).rejects.toThrow('probe failed')
  expect(await db.event.count({ where: { companyId } })).toBe(0)
  expect(await db.featureFlag.count({ where: { companyId, name: 'probe' } })).toBe(0)
})

test('an after-commit consumer sees the batch committed, once per company, and its failure keeps the events', async () => {
  const seen: Array<{ companyId: number; events: number; profiles: number }> = []
  registerBatchConsumer({
    name: 'probe after commit',
    async afterCommit(t) {
      seen.push({
        companyId: t.companyId,
        events: await db.event.count({ where: { companyId: t.companyId } }),
        profiles: t.profileIds.length,
      })
      throw new Error('after-commit probe failed')
    },
  })
  const error = jest.spyOn(console, 'error').mockImplementation(() => {})
  const results = await ingestEvents(companyId, [event('a@example.test'), event('b@example.test')])
  expect(results).toHaveLength(2)
  expect(seen).toEqual([{ companyId, events: 2, profiles: 2 }])
  expect(await db.event.count({ where: { companyId } })).toBe(2)
  expect(error).toHaveBeenCalledWith(`[events] probe after commit failed for company ${companyId}:`, expect.any(Error))
  error.mockRestore()
})

test('a list nobody registered consumers in refuses to run without them', () => {
  expect(() => consumerList<{ name: string }>('unregistered').all()).toThrow(/No unregistered consumers are registered/)
})
