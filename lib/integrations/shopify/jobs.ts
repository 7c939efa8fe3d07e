// Registration (lib/server/job-handlers.ts): the historical sync's page job, the webhook
// subscription check, consent write-back and coupon push.
import { registerJobHandler } from '@/lib/jobs/registry'
import { runSyncPage } from './sync/run-sync-page'
import { SYNC_PAGE_JOB, type SyncPagePayload } from './sync/start-sync'
import { runWebhooksCheck, WEBHOOKS_CHECK_JOB } from './webhook-registrations'

export function register(): void {
  registerJobHandler(SYNC_PAGE_JOB, async (p: SyncPagePayload, ctx) => {
    await runSyncPage(p, { attempt: ctx.attempt })
  })
  registerJobHandler(WEBHOOKS_CHECK_JOB, (p: { companyId: number; integrationId: string }) => runWebhooksCheck(p))
}
