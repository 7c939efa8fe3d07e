/** @jest-environment node */
// When the job queue refuses a write, nothing is left half-done: a redefined segment keeps
// its old definition, and an import leaves no row that says "queued" forever.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
// The first test also starts the queue (on PostgreSQL: its schema and workers).
jest.setTimeout(30_000)

import { db } from '@/lib/db/client'
import { createSegment } from '@/lib/groups/create-segment'
import { createList } from '@/lib/groups/create-list'
import { updateGroup } from '@/lib/groups/update-group'
import { createCsvImport } from '@/lib/imports/create-csv-import'
import { runJobsUntilIdle } from '@/lib/jobs/queue'
import { jobQueue } from '@/lib/jobs/current-queue'
import { allowInserts, refuseInserts } from '../helpers/refuse-inserts'
import { makeCompany } from '../helpers/factory'

const byCountry = (country: string) => ({
  version: 1 as const,
  root: {
    type: 'and' as const,
    conditions: [{ kind: 'location' as const, field: 'country' as const, operator: 'equals' as const, value: country }],
  },
})

// The queue's table refuses new jobs: SQLite's Job table, graphile-worker's jobs on PostgreSQL.
const jobTable = { name: 'refuse_jobs', table: { sqlite: 'Job', postgres: 'graphile_worker._private_jobs' } }
async function breakQueue() {
  await jobQueue().prepare() // PostgreSQL: the queue's schema exists before its table gets a trigger
  await refuseInserts({ ...jobTable, message: 'queue unavailable' })
}
async function mendQueue() {
  await allowInserts(jobTable)
}
afterEach(mendQueue)

test('a segment whose recompute cannot be queued keeps its old definition', async () => {
  const company = await makeCompany()
  const seg = await createSegment(company.id, { name: 'France', definition: byCountry('France') })
  await runJobsUntilIdle()
  await breakQueue()
  expect((await db.group.findUniqueOrThrow({ where: { id: seg.id } })).isProcessing).toBe(false)
  const outcome = await updateGroup(company.id, seg.id, { definition: byCountry('Spain') }).then(
    () => 'saved',
    (e: Error) => e.message,
  )
  expect(outcome).toBe('queue unavailable')
  const row = await db.group.findUniqueOrThrow({ where: { id: seg.id } })
  expect(JSON.parse(row.definition!).root.conditions[0].value).toBe('France')
  expect(row.isProcessing).toBe(false)
})

test('an import whose job cannot be queued leaves no import row behind', async () => {
  const company = await makeCompany()
  const list = await createList(company.id, { name: 'Leads' })
  await breakQueue()
  const outcome = await createCsvImport(company.id, {
    listId: list.id,
    csv: 'email\na@example.com\n',
    mapping: { email: 'email' },
  }).then(
    () => 'queued',
    (e: Error) => e.message,
  )
  expect(outcome).toBe('queue unavailable')
  expect(await db.importJob.count({ where: { companyId: company.id } })).toBe(0)
})
