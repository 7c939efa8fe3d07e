// One recorded WooCommerce delivery (lib/integrations/deliveries.ts): parse its topic's payload
// into the store model (../map-woo.ts) and ingest it (order events by status, customers as
// profiles, products into the catalog). A payload that is not what the topic documents is
// ignored with the reason.
import { CommerceSkip, deleteProduct, ingestCustomer, ingestProduct } from '@/lib/integrations/commerce/ingest'
import type { CommerceContext } from '@/lib/integrations/commerce/types'
import type { DeliveryIntegration, DeliveryJobPayload, DeliveryOutcome } from '@/lib/integrations/deliveries'
import { mapWooCustomer, mapWooOrder, mapWooProduct, mapWooProductDelete } from '../map-woo'
import { clientFor, fetchVariations, isVariable } from '../fetch-variations'
import { ingestWooOrder } from './ingest-woo-order'
import { isHandledWooTopic } from './topics'

const ignored = (reason: string): DeliveryOutcome => ({ status: 'ignored', reason })
const done: DeliveryOutcome = { status: 'processed' }

function need<T>(v: T | null, topic: string): T {
  if (v === null) throw new CommerceSkip(`The ${topic} payload is not what WooCommerce documents for the topic.`)
  return v
}

function storeRoot(integration: DeliveryIntegration): string | null {
  try {
    const s = JSON.parse(integration.settings || '{}') as { storeUrl?: unknown }
    if (typeof s.storeUrl === 'string' && /^https?:\/\//.test(s.storeUrl)) return s.storeUrl
  } catch {}
  return integration.externalKey
}

export function wooContext(
  integration: Pick<DeliveryIntegration, 'id' | 'companyId' | 'externalKey'>,
): CommerceContext {
  return {
    companyId: integration.companyId,
    provider: 'woocommerce',
    integrationId: integration.id,
    storeUrl: integration.externalKey,
  }
}

export async function processWooDelivery(
  d: DeliveryJobPayload,
  integration: DeliveryIntegration,
): Promise<DeliveryOutcome> {
  const { topic } = d
  if (!isHandledWooTopic(topic)) return ignored(`Topic ${topic} is not handled.`)
  if (integration.status === 'disconnected') return ignored('The connection is disconnected.')
  let payload: unknown
  try {
    payload = JSON.parse(d.body)
  } catch {
    return ignored('The body is not JSON.')
  }
  const ctx = wooContext(integration)
  switch (topic) {
    case 'order.created':
    case 'order.updated': {
      const order = need(mapWooOrder(payload), topic)
      return (await ingestWooOrder(ctx, order, payload))
        ? done
        : ignored(`Order ${order.id} is ${order.wooStatus}: nothing to record.`)
    }
    case 'customer.created':
    case 'customer.updated':
      await ingestCustomer(ctx, need(mapWooCustomer(payload), topic))
      return done
    case 'product.created':
    case 'product.updated': {
      const product = need(mapWooProduct(payload), topic)
      // A failed fetch throws: the queue retries the delivery rather than store a partial product.
      const client = isVariable(payload)
        ? await clientFor(integration.companyId, integration.id, storeRoot(integration))
        : null
      await ingestProduct(
        ctx,
        client ? need(mapWooProduct(payload, await fetchVariations(client, product.id)), topic) : product,
      )
      return done
    }
    case 'product.deleted':
      return (await deleteProduct(ctx, need(mapWooProductDelete(payload), topic)))
        ? done
        : ignored('The product was not in the catalog.')
  }
}
