// A job worker process for the webhook kill test (run with node --import tsx): the product's own
// job handlers on the real worker loop, on DATABASE_URL, with a short lease. HANG_AFTER_INGEST=1
// makes it the victim: its Shopify processor ingests the delivery as the product does, prints
// 'ingested <deliveryId>' and then never returns, so the test kills it after the order is
// committed but before the delivery is marked or its job completed (the worst moment to die).
// Env: WORKER_ID, VISIBILITY_MS, POLL_MS, HANG_AFTER_INGEST.
import { startWorker } from '@/lib/jobs/worker'
import { registerJobHandlers } from '@/lib/server/job-handlers'
import {
  deliveryBatchProcessor,
  deliveryProcessor,
  registerDeliveryBatchProcessor,
  registerDeliveryProcessor,
} from '@/lib/integrations/deliveries'

const workerId = process.env.WORKER_ID ?? `shopify-${process.pid}`
registerJobHandlers()
if (process.env.HANG_AFTER_INGEST === '1') {
  const real = deliveryProcessor('shopify')!
  registerDeliveryProcessor('shopify', async (delivery, integration) => {
    console.log(`claimed ${delivery.deliveryId}`)
    await real(delivery, integration)
    console.log(`ingested ${delivery.deliveryId}`)
    return new Promise(() => {})
  })
  // New orders take the set-based path (several deliveries at once): the same hang there.
  const realBatch = deliveryBatchProcessor('shopify')!
  registerDeliveryBatchProcessor('shopify', {
    topics: realBatch.topics,
    async process(items) {
      for (const { delivery } of items) console.log(`claimed ${delivery.deliveryId}`)
      await realBatch.process(items)
      for (const { delivery } of items) console.log(`ingested ${delivery.deliveryId}`)
      return new Promise(() => {})
    },
  })
}
startWorker({
  workerId,
  concurrency: 1,
  pollMs: Number(process.env.POLL_MS ?? 100),
  visibilityTimeoutMs: Number(process.env.VISIBILITY_MS ?? 60_000),
  log: (m) => console.log(`[worker ${workerId}] ${m}`),
})
console.log('started')
