// One recorded Shopify delivery: parse its topic's payload into the store model (map-*.ts) and
// ingest it (lib/integrations/commerce/ingest.ts); app/uninstalled marks the connection
// disconnected. A payload that is not what its topic documents is ignored with the reason.
import { db } from '@/lib/db/client'
import {
  CommerceSkip,
  deleteProduct,
  ingestCheckout,
  ingestCustomer,
  ingestInventoryLevel,
  ingestOrder,
  ingestProduct,
  ingestRefund,
} from '@/lib/integrations/commerce/ingest'
import type { CommerceContext } from '@/lib/integrations/commerce/types'
import type { DeliveryIntegration, DeliveryJobPayload, DeliveryOutcome } from '@/lib/integrations/deliveries'
import { mapShopifyCheckout } from './map-checkout'
import { mapShopifyCustomer, mapShopifyEmailConsentUpdate, mapShopifySmsConsentUpdate } from './map-customer'
import { mapShopifyOrder } from './map-order'
import { mapShopifyInventoryLevel, mapShopifyProduct, mapShopifyProductDelete } from './map-product'
import { mapShopifyRefund } from './map-refund'
import { parseShopifyJson } from './parse-body'
import { isHandledShopifyTopic } from './topics'

export function storeUrl(integration: DeliveryIntegration): string | null {
  try {
    const s = JSON.parse(integration.settings || '{}') as { storeUrl?: unknown }
    if (typeof s.storeUrl === 'string' && /^https?:\/\//.test(s.storeUrl)) return s.storeUrl
  } catch {}
  return integration.externalKey ? `https://${integration.externalKey}` : null
}

const ignored = (reason: string): DeliveryOutcome => ({ status: 'ignored', reason })
const done: DeliveryOutcome = { status: 'processed' }

function need<T>(v: T | null, topic: string): T {
  if (v === null) throw new CommerceSkip(`The ${topic} payload is not what Shopify documents for the topic.`)
  return v
}

export async function processShopifyDelivery(
  d: DeliveryJobPayload,
  integration: DeliveryIntegration,
): Promise<DeliveryOutcome> {
  const { topic } = d
  if (!isHandledShopifyTopic(topic)) return ignored(`Topic ${topic} is not handled.`)
  if (integration.status === 'disconnected' && topic !== 'app/uninstalled')
    return ignored('The connection is disconnected.')
  let payload: unknown
  try {
    payload = parseShopifyJson(d.body)
  } catch {
    return ignored('The body is not JSON.')
  }
  const ctx: CommerceContext = {
    companyId: integration.companyId,
    provider: 'shopify',
    integrationId: integration.id,
    storeUrl: storeUrl(integration),
  }
  switch (topic) {
    case 'orders/create':
      await ingestOrder(ctx, need(mapShopifyOrder(payload), topic), 'placed')
      return done
    case 'orders/fulfilled':
      await ingestOrder(ctx, need(mapShopifyOrder(payload), topic), 'fulfilled')
      return done
    case 'orders/cancelled':
      await ingestOrder(ctx, need(mapShopifyOrder(payload), topic), 'cancelled')
      return done
    case 'refunds/create':
      await ingestRefund(ctx, need(mapShopifyRefund(payload), topic))
      return done
    case 'checkouts/create':
    case 'checkouts/update':
      await ingestCheckout(ctx, need(mapShopifyCheckout(payload), topic))
      return done
    case 'customers/create':
    case 'customers/update':
      await ingestCustomer(ctx, need(mapShopifyCustomer(payload), topic))
      return done
    case 'customers/email_marketing_consent_update':
      await ingestCustomer(ctx, need(mapShopifyEmailConsentUpdate(payload), topic))
      return done
    case 'customers/marketing_consent_update':
      await ingestCustomer(ctx, need(mapShopifySmsConsentUpdate(payload), topic))
      return done
    case 'products/create':
    case 'products/update':
      await ingestProduct(ctx, need(mapShopifyProduct(payload), topic))
      return done
    case 'products/delete':
      return (await deleteProduct(ctx, need(mapShopifyProductDelete(payload), topic)))
        ? done
        : ignored('The product was not in the catalog.')
    case 'inventory_levels/update': {
      const n = await ingestInventoryLevel(ctx, need(mapShopifyInventoryLevel(payload), topic))
      return n ? done : ignored('No catalog variant has this inventory item.')
    }
    case 'app/uninstalled':
      await db.integration.updateMany({
        where: { id: integration.id, companyId: integration.companyId },
        data: { status: 'disconnected', lastError: 'The app was uninstalled from the shop.', lastErrorAt: new Date() },
      })
      return done
  }
}
