// Job handlers of the catalog /api (registered by lib/server/job-handlers.ts).
import { registerJobHandler } from '@/lib/jobs/queue'
import { CATALOG_BULK_JOB, processBulkJob } from './bulk-jobs'

export function register(): void {
  registerJobHandler(CATALOG_BULK_JOB, async (payload: { jobId?: string }) => {
    const p = payload
    if (typeof p?.jobId === 'string') await processBulkJob(p.jobId)
  })
}
