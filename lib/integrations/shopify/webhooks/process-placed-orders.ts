// orders/create deliveries, set-based: a burst of new orders (the delivery job claims up to 50,
// of one shop or many) is mapped as processShopifyDelivery maps each, and its events are written
// in one ingest transaction (ingestPlacedOrderBatch) rather than one per order. Each delivery
// gets the outcome the single path would have given it.
import { CommerceSkip, ingestPlacedOrderBatch } from '@/lib/integrations/commerce/ingest'
import type { CommerceContext, StoreOrder } from '@/lib/integrations/commerce/types'
import type { DeliveryBatchProcessor, DeliveryOutcome } from '@/lib/integrations/deliveries'
import { mapShopifyOrder } from './map-order'
import { parseShopifyJson } from './parse-body'
import { storeUrl } from './process-delivery'

type Result = DeliveryOutcome | { error: unknown }

export const placedOrdersBatch: DeliveryBatchProcessor = {
  topics: new Set(['orders/create']),
  async process(items) {
    const results: Result[] = items.map(() => ({ status: 'processed' }))
    const orders: Array<{ ctx: CommerceContext; order: StoreOrder }> = []
    const at: number[] = []
    items.forEach(({ delivery, integration }, i) => {
      if (integration.status === 'disconnected') {
        results[i] = { status: 'ignored', reason: 'The connection is disconnected.' }
        return
      }
      let payload: unknown
      try {
        payload = parseShopifyJson(delivery.body)
      } catch {
        results[i] = { status: 'ignored', reason: 'The body is not JSON.' }
        return
      }
      const order = mapShopifyOrder(payload)
      if (!order) {
        results[i] = {
          error: new CommerceSkip(`The ${delivery.topic} payload is not what Shopify documents for the topic.`),
        }
        return
      }
      const ctx: CommerceContext = {
        companyId: integration.companyId,
        provider: 'shopify',
        integrationId: integration.id,
        storeUrl: storeUrl(integration),
      }
      orders.push({ ctx, order })
      at.push(i)
    })
    if (!orders.length) return results
    const out = await ingestPlacedOrderBatch(orders)
    out.forEach((r, k) => {
      if ('error' in r) results[at[k]!] = r
    })
    return results
  },
}
