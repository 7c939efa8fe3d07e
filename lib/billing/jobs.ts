// Billing's background work: the usage warning mails (plan-gate.ts queues them in the claim's transaction).
import { registerJobHandler } from '@/lib/jobs/queue'
import { USAGE_WARNING_JOB, type UsageWarningPayload } from './plan-gate'
import { sendUsageWarning } from './send-usage-warning'

export function register(): void {
  registerJobHandler(USAGE_WARNING_JOB, async (payload: UsageWarningPayload) => sendUsageWarning(payload), {
    keepDone: false,
  })
}
