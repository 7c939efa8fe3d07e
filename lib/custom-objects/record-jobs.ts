// Data source record jobs (/api/data-source-record-bulk-create-jobs and the single-record
// create job): POST stores the records with a job row and enqueues the worker job in the same
// transaction (→ 204, as the reference answers). The worker ingests them one transaction per
// chunk (ingest-records.ts); a retried job re-applies its chunks, which the upserts by record id
// make harmless, then marks the job complete.
import { randomUUID } from 'node:crypto'
import { exec, inWriteTx, read, selectFirst } from '@/lib/db/ops'
import { kysely } from '@/lib/db/kysely'
import { ulid } from '@/lib/ids/make-id'
import { enqueueJobOps } from '@/lib/jobs/enqueue-job-ops'
import { registerJobHandler, wakeWorkers } from '@/lib/jobs/queue'
import { prepareEnqueueInTransaction } from '@/lib/jobs/prepare-enqueue-in-transaction'
import { INGEST_CHUNK, ingestChunkOps, linkedTypesOps } from './ingest-records'

export const DATA_SOURCE_RECORDS_JOB = 'custom-objects.records'

export async function createRecordJob(
  companyId: number,
  dataSourceId: string,
  records: unknown[],
  now = new Date(),
): Promise<string> {
  const id = ulid(now.getTime())
  await prepareEnqueueInTransaction()
  await inWriteTx(function* () {
    yield* exec(
      kysely()
        .insertInto('DataSourceRecordJob')
        .values({
          id,
          companyId,
          dataSourceId,
          status: 'queued',
          payload: JSON.stringify(records),
          totalCount: records.length,
          completedCount: 0,
          failedCount: 0,
          errors: '[]',
          createdAt: now,
          completedAt: null,
        }),
    )
    yield* enqueueJobOps(
      DATA_SOURCE_RECORDS_JOB,
      { jobId: id },
      { companyId, maxAttempts: 10, idempotencyKey: `${DATA_SOURCE_RECORDS_JOB}:${id}` },
      now,
    )
  })
  wakeWorkers(DATA_SOURCE_RECORDS_JOB)
  return id
}

export async function processRecordJob(jobId: string, now = new Date()): Promise<void> {
  const job = await read(selectFirst(kysely().selectFrom('DataSourceRecordJob').selectAll().where('id', '=', jobId)))
  if (!job || job.status === 'complete') return
  let records: unknown[]
  try {
    records = JSON.parse(job.payload) as unknown[]
  } catch {
    records = []
  }
  const types = await read(linkedTypesOps(job.companyId, job.dataSourceId))
  let applied = 0
  const errors: unknown[] = []
  const chunks = Math.max(1, Math.ceil(records.length / INGEST_CHUNK))
  for (let c = 0; c < chunks; c++) {
    const i = c * INGEST_CHUNK
    // The last chunk marks the job complete in its own transaction: one write fewer per job.
    const before = { applied, errors: errors.length }
    await inWriteTx(function* () {
      // A transaction that is run again starts from the counts before it.
      applied = before.applied
      errors.length = before.errors
      const r = yield* ingestChunkOps(
        job.companyId,
        job.dataSourceId,
        types,
        records.slice(i, i + INGEST_CHUNK),
        i,
        now,
      )
      applied += r.applied
      for (const e of r.errors)
        errors.push({
          id: randomUUID(),
          code: 'invalid',
          title: 'Invalid input.',
          detail: `Record ${e.index}: ${e.detail}`,
          source: { pointer: `/data/attributes/data-source-records/data/${e.index}/attributes/record` },
        })
      if (c < chunks - 1) return
      yield* exec(
        kysely()
          .updateTable('DataSourceRecordJob')
          .set({
            status: 'complete',
            completedCount: applied,
            failedCount: errors.length,
            errors: JSON.stringify(errors),
            payload: '[]',
            completedAt: now,
          })
          .where('id', '=', jobId),
      )
    })
  }
}

/** Registered by lib/server/job-handlers.ts. */
export function register(): void {
  registerJobHandler(DATA_SOURCE_RECORDS_JOB, async (payload: { jobId?: string }) => {
    if (typeof payload?.jobId === 'string') await processRecordJob(payload.jobId)
  })
}

/** The job rows of a source (tests and the builder's review step read them). */
export function getRecordJob(companyId: number, id: string) {
  return read(
    selectFirst(
      kysely().selectFrom('DataSourceRecordJob').selectAll().where('id', '=', id).where('companyId', '=', companyId),
    ),
  )
}
