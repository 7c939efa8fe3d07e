// Registration (lib/server/job-handlers.ts): the historical sync's page job, the webhook
// subscription check, consent write-back and coupon push.
import { registerJobHandler } from '@/lib/jobs/registry'
import { runSyncPage } from './sync/run-sync-page'
import { SYNC_PAGE_JOB, type SyncPagePayload } from './sync/start-sync'
import { runWebhooksCheck, WEBHOOKS_CHECK_JOB } from './webhook-registrations'
import { CONSENT_WRITE_BACK_JOB, writeBackConsent, type ConsentWriteBackPayload } from './consent-write-back'
import { COUPON_PUSH_JOB, pushCoupon, type CouponPushPayload } from './push-coupon'

export function register(): void {
  registerJobHandler(SYNC_PAGE_JOB, async (p: SyncPagePayload, ctx) => {
    await runSyncPage(p, { attempt: ctx.attempt })
  })
  registerJobHandler(CONSENT_WRITE_BACK_JOB, async (p: ConsentWriteBackPayload) => {
    await writeBackConsent(p)
  })
  registerJobHandler(COUPON_PUSH_JOB, async (p: CouponPushPayload) => {
    const r = await pushCoupon(p)
    // Codes the shop refused are retried with the job (the ones already created count as pushed).
    if (r.failed.length) throw new Error(`Shopify refused ${r.failed.length} code(s): ${r.failed[0]!.reason}`)
  })
  registerJobHandler(WEBHOOKS_CHECK_JOB, (p: { companyId: number; integrationId: string }) => runWebhooksCheck(p))
}
