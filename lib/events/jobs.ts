// The 'events.ingest' handler: claims up to 500 queued jobs (one event each from
// acceptEvent, up to 1000 from acceptEvents) and writes them in one transaction
// (lib/events/ingest-events.ts).
// Idempotent: each job row is deleted inside the transaction that inserts its event, and only
// while its lease (id, attempts, lockedBy) is still ours; a re-run after a crash finds the job
// gone, and a worker that lost its lease inserts nothing. Events with a unique_id are also deduplicated
// by the unique key (companyId, profileId, metricId, uniqueId).
import { registerBatchJobHandler, PermanentJobError } from '@/lib/jobs/queue'
import type { ClaimedJob } from '@/lib/jobs/job-queue'
import { INGEST_JOB, type IngestJobPayload } from './accept-event'
import { writeBatch } from './ingest-events'
import { ingestRetryCount } from './ingest-retry-count'
import type { IngestGroup } from './types'

export const INGEST_BATCH = 500

export async function handleIngestBatch(jobs: ClaimedJob[]): Promise<Map<number, unknown>> {
  const failed = new Map<number, unknown>()
  const groups: IngestGroup[] = []
  const owners: number[] = []
  for (const job of jobs) {
    const p = job.payload as IngestJobPayload | null
    const events = p?.events ?? (p?.event ? [p.event] : [])
    // The company comes from the job row and must match the payload: never cross tenants.
    if (!p || typeof p.companyId !== 'number' || p.companyId !== job.companyId || !events.length) {
      failed.set(job.id, new PermanentJobError('Malformed events.ingest payload (company mismatch or no event).'))
      continue
    }
    groups.push({
      companyId: p.companyId,
      mode: p.mode === 'client' ? 'client' : 'import',
      events,
      guard: { jobId: job.id, lockedBy: job.lockedBy, attempts: job.attempts },
    })
    owners.push(job.id)
  }
  const deadlocksBefore = ingestRetryCount()
  const outcomes = await writeBatch(groups, 'isolate')
  const deadlocks = ingestRetryCount()
  if (deadlocks > deadlocksBefore)
    console.warn(`[events.ingest] batch rerun after a deadlock or serialization failure (${deadlocks} since start)`)
  outcomes.forEach((o, i) => {
    if ('error' in o) failed.set(owners[i]!, o.error)
  })
  return failed
}

export function register(): void {
  registerBatchJobHandler(INGEST_JOB, handleIngestBatch, { batch: INGEST_BATCH, keepDone: false, perAccount: true })
}
