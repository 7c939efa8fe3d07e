// The composition root of the consumers (house style "The way data walks"): what reacts to
// ingested events, to group entries and to email unsubscribes, registered in the lists their owners keep
// (lib/events/batch-consumers.ts, lib/segments/group-entry-consumers.ts), so ingest and the
// membership writer never import flows, segments or attribution. Called by instrumentation.ts
// (the server, with or without its in-process worker), by registerJobHandlers (the worker
// script, the seed, the benches, test workers) and, through a loader, by the tests' setup.
// The order is the run order and must not change: flow triggers enter their runs before
// attribution reads the batch, both inside the ingest transaction; segments after the commit.
import { registerBatchConsumer } from '@/lib/events/batch-consumers'
import { registerGroupEntryConsumer } from '@/lib/segments/group-entry-consumers'
import { registerProfileMergeConsumer } from '@/lib/profiles/merge-consumers'
import { mergedProfileEventConsumer } from '@/lib/events/merged-profile-event'
import { flowTriggersBatchConsumer } from '@/lib/flows/triggers/event-trigger'
import { flowGroupTriggersConsumer } from '@/lib/flows/triggers/group-trigger'
import { attributionBatchConsumer } from '@/lib/attribution/attribute'
import { segmentsBatchConsumer } from '@/lib/segments/ingest-consumer'
import { registerUnsubscribeConsumer } from '@/lib/messaging/unsubscribe/unsubscribe-consumers'
import { consentWriteBackConsumer } from '@/lib/integrations/shopify/consent-write-back'
import { registerRenderContextConsumer } from '@/lib/messaging/render-context-consumers'
import { registerRenderPreparer } from '@/lib/messaging/render-preparers'
import { catalogRenderPreparer } from '@/lib/catalog/catalog-prerender'
import { reviewRequestContextConsumer } from '@/lib/reviews/review-request-context'
import { registerActionExecutor } from '@/lib/flows/engine/registered-executors'
import { REVIEW_REQUEST_ACTION, sendReviewRequestExecutor } from '@/lib/reviews/request-action'
import { reviewRequestBlockConsumer } from '@/lib/reviews/request-action-context'
import { BACK_IN_STOCK_DELAY_ACTION, backInStockDelayExecutor } from '@/lib/catalog/back-in-stock/delay'
import { registerInboundMessageConsumer } from '@/lib/messaging/inbound-message-consumers'
import { inboxInboundConsumer } from '@/lib/inbox/inbox-consumer'
import { registerPlanGate } from '@/lib/messaging/plan-gate'
import { billingPlanGate } from '@/lib/billing/plan-gate'
import { functionsBatchConsumer } from '@/lib/cdp-code/function-consumer'
import { registerEventTransformer } from '@/lib/events/event-transformers'
import { transformationsEventTransformer } from '@/lib/cdp-code/apply-transformations'

export function registerConsumers(): void {
  registerBatchConsumer(flowTriggersBatchConsumer)
  registerBatchConsumer(attributionBatchConsumer)
  registerBatchConsumer(segmentsBatchConsumer)
  // Code functions (issue 27): a pending run per (function, event), queued with the events.
  registerBatchConsumer(functionsBatchConsumer)
  registerEventTransformer(transformationsEventTransformer)
  registerGroupEntryConsumer(flowGroupTriggersConsumer)
  registerProfileMergeConsumer(mergedProfileEventConsumer)
  registerUnsubscribeConsumer(consentWriteBackConsumer)
  // The catalog, coupon and web-feed tags' data, read before an email renders (may refuse the send).
  registerRenderPreparer(catalogRenderPreparer)
  registerRenderContextConsumer(reviewRequestContextConsumer)
  registerRenderContextConsumer(reviewRequestBlockConsumer)
  registerActionExecutor({ name: REVIEW_REQUEST_ACTION, executor: sendReviewRequestExecutor })
  registerActionExecutor({ name: BACK_IN_STOCK_DELAY_ACTION, executor: backInStockDelayExecutor })
  registerInboundMessageConsumer(inboxInboundConsumer)
  // The send pipeline asks billing for the plan's allowance (issue 26 §1) without importing it.
  registerPlanGate(billingPlanGate)
}
