// Registration (lib/server/job-handlers.ts): the delivery job and Shopify's processor of it.
import { registerDeliveryBatchProcessor, registerDeliveryProcessor } from '@/lib/integrations/deliveries'
import { registerDeliveryJob } from '@/lib/integrations/delivery-job'
import { processShopifyDelivery } from './process-delivery'
import { placedOrdersBatch } from './process-placed-orders'

export function register(): void {
  registerDeliveryJob()
  registerDeliveryProcessor('shopify', processShopifyDelivery)
  registerDeliveryBatchProcessor('shopify', placedOrdersBatch)
}
