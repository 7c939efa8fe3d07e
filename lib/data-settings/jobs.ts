// The data settings' job handlers (registered by lib/server/job-handlers.ts).
import { registerJobHandler } from '@/lib/jobs/queue'
import { queueNow } from '@/lib/jobs/clock'
import { RETENTION_PURGE_JOB, runRetentionJob } from './event-retention'
import { ACCOUNT_EXPORT_JOB, buildAccountExport } from './account-export'

export function register(): void {
  // Idempotent: a repeat deletes what is still older than the cutoff, which may be nothing.
  registerJobHandler(RETENTION_PURGE_JOB, async (payload: { followUp?: number }, ctx) => {
    if (ctx.companyId != null) await runRetentionJob(ctx.companyId, queueNow(), payload?.followUp != null)
  })
  registerJobHandler(ACCOUNT_EXPORT_JOB, async (payload: { downloadIds: number[] }, ctx) => {
    if (ctx.companyId != null) await buildAccountExport(ctx.companyId, payload.downloadIds)
  })
}
