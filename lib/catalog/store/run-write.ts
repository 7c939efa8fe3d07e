// Running a catalog write: the job queue's schema first on PostgreSQL, one write transaction,
// then the workers woken for the catalog.changes job it may have added.
import { inWriteTx, type Ops } from '@/lib/db/ops'
import { dbEngine } from '@/lib/db/client'
import { jobQueue, wakeWorkers } from '@/lib/jobs/queue'
import { CATALOG_CHANGES_JOB } from './types'

let prepared: Promise<void> | null = null
/** Before a write transaction on PostgreSQL: the job queue's schema (enqueue inside the tx). */
export async function prepareCatalogWrite(): Promise<void> {
  if (dbEngine() !== 'postgresql') return
  prepared ??= jobQueue()
    .prepare()
    .catch((e) => {
      prepared = null
      throw e
    })
  await prepared
}

/** prepare → one write transaction → wake the workers (a catalog.changes job may have been added). */
export async function runCatalogWrite<T>(makeOps: () => Ops<T>): Promise<T> {
  await prepareCatalogWrite()
  const out = await inWriteTx(makeOps)
  wakeWorkers(CATALOG_CHANGES_JOB)
  return out
}
