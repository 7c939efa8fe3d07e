// Running a catalog write: the job queue's schema first on PostgreSQL, one write transaction,
// then the workers woken for the catalog.changes job it may have added.
import { inWriteTx, type Ops } from '@/lib/db/ops'
import { wakeWorkers } from '@/lib/jobs/queue'
import { prepareEnqueueInTransaction } from '@/lib/jobs/prepare-enqueue-in-transaction'
import { CATALOG_CHANGES_JOB } from './types'

/** Before a write transaction on PostgreSQL: the job queue's schema (enqueue inside the tx). */
export const prepareCatalogWrite = (): Promise<void> => prepareEnqueueInTransaction()

/** prepare → one write transaction → wake the workers (a catalog.changes job may have been added). */
export async function runCatalogWrite<T>(makeOps: () => Ops<T>): Promise<T> {
  await prepareCatalogWrite()
  const out = await inWriteTx(makeOps)
  wakeWorkers(CATALOG_CHANGES_JOB)
  return out
}
