// Job handlers of the unsubscribe module (registered by lib/server/job-handlers.ts).
import { registerJobHandler } from '@/lib/jobs/registry'
import { BULK_CONSENT_JOB, runBulkConsentJob } from './bulk-jobs'

export function register(): void {
  registerJobHandler(BULK_CONSENT_JOB, (payload: { jobId: string; companyId: number }) => runBulkConsentJob(payload))
}
