// Registration (lib/server/job-handlers.ts): WooCommerce's processor of recorded webhook
// deliveries (the delivery job itself is registered with Shopify's) and the sync's page job.
import { registerDeliveryProcessor } from '@/lib/integrations/deliveries'
import { registerJobHandler } from '@/lib/jobs/registry'
import { runWooSyncPage } from './sync/run-sync-page'
import { WOO_SYNC_PAGE_JOB, type WooSyncPagePayload } from './sync/start-sync'
import { processWooDelivery } from './webhooks/process-delivery'

export function register(): void {
  registerDeliveryProcessor('woocommerce', processWooDelivery)
  registerJobHandler(WOO_SYNC_PAGE_JOB, async (p: WooSyncPagePayload, ctx) => {
    await runWooSyncPage(p, { attempt: ctx.attempt })
  })
}
