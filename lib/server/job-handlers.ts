// The composition root of the job queue: every domain's job handlers, registered by whoever
// runs jobs (instrumentation.ts for the in-process worker, scripts/worker.mts, the seed, the
// benches, and the tests' setup through a loader). lib/jobs itself imports no domain.
import { register as registerSegments } from '@/lib/segments/jobs'
import { register as registerGroups } from '@/lib/groups/jobs'
import { register as registerMetrics } from '@/lib/metrics/jobs'
import { register as registerImports } from '@/lib/imports/jobs'
import { register as registerEvents } from '@/lib/events/jobs'
import { register as registerEventPartitions } from '@/lib/events/event-partitions'
import { register as registerAuth } from '@/lib/auth/jobs'
import { register as registerMessaging } from '@/lib/messaging/jobs'
import { register as registerWebhooks } from '@/lib/webhooks/jobs'
import { register as registerUnsubscribe } from '@/lib/messaging/unsubscribe/jobs'
import { register as registerFlows } from '@/lib/flows/jobs'
import { register as registerFlowTriggers } from '@/lib/flows/triggers/jobs'
import { register as registerFlowActions } from '@/lib/flows/webhook-action/jobs'
import { register as registerFlowClone } from '@/lib/flows/ajax/flows-clone-job'
import { register as registerCrossAccountClone } from '@/lib/portfolio/clone/clone-job'
import { register as registerFlowEvaluationsExport } from '@/lib/flows/ajax/evaluations-export'
import { register as registerFlowAbWinners } from '@/lib/flows/ab-test-winners'
import { register as registerCampaigns } from '@/lib/campaigns/jobs'
import { register as registerCampaignExports } from '@/lib/campaigns/ajax/summary-export'
import { register as registerCatalogReactions } from '@/lib/catalog/jobs'
import { register as registerCatalogApi } from '@/lib/catalog/api/jobs'
import { register as registerCustomObjects } from '@/lib/custom-objects/record-jobs'
import { register as registerCouponJobs } from '@/lib/coupons/bulk-jobs'
import { register as registerDataPrivacy } from '@/lib/data-privacy/deletion-jobs'
import { register as registerFormExperiments } from '@/lib/forms/experiments/settle-experiments'
import { register as registerFormSchedules } from '@/lib/forms/store/schedule-jobs'
import { register as registerShopifyWebhooks } from '@/lib/integrations/shopify/webhooks/jobs'
import { register as registerShopifySync } from '@/lib/integrations/shopify/jobs'
import { register as registerCsvEvents } from '@/lib/integrations/csv-events/jobs'
import { register as registerSftpImports } from '@/lib/integrations/sftp/jobs'
import { register as registerWooCommerce } from '@/lib/integrations/woocommerce/jobs'
import { register as registerPredictive } from '@/lib/predictive/jobs'
import { register as registerMonitors } from '@/lib/monitors/jobs'
import { register as registerAnalytics } from '@/lib/analytics/jobs'
import { register as registerBilling } from '@/lib/billing/jobs'
import { register as registerSendRollup } from '@/lib/messaging/send-rollup-job'
import { register as registerDataSync } from '@/lib/data-sync/jobs'
import { register as registerDataSettings } from '@/lib/data-settings/jobs'
import { register as registerCdpCode } from '@/lib/cdp-code/jobs'
import { register as registerInboxAttachments } from '@/lib/inbox/attachments-store'
import { registerConsumers } from './consumers'

export function registerJobHandlers(): void {
  // The ingest and membership jobs hand their work to the consumers: whoever runs jobs needs them.
  registerConsumers()
  registerSegments()
  registerGroups()
  registerMetrics()
  registerCdpCode()
  registerImports()
  registerEvents()
  registerEventPartitions()
  registerAuth()
  registerMessaging()
  registerUnsubscribe()
  registerWebhooks()
  registerFlowActions()
  registerFlows()
  registerFlowTriggers()
  registerFlowClone()
  registerCrossAccountClone()
  registerFlowEvaluationsExport()
  registerFlowAbWinners()
  registerCampaigns()
  registerCampaignExports()
  registerCouponJobs()
  registerCatalogReactions()
  registerCatalogApi()
  registerCustomObjects()
  registerDataPrivacy()
  registerFormExperiments()
  registerFormSchedules()
  registerShopifyWebhooks()
  registerShopifySync()
  registerCsvEvents()
  registerSftpImports()
  registerWooCommerce()
  registerPredictive()
  registerMonitors()
  registerAnalytics()
  registerBilling()
  registerSendRollup()
  registerDataSync()
  registerDataSettings()
  registerInboxAttachments()
}
