// {{ review_request_url }} in an email a flow or campaign sends (registered as a render-context
// consumer in lib/server/consumers.ts): where the send's event names an order and a product
// (Placed / Fulfilled Order with Items[].ProductID, or one Ordered Product), the signed link of
// that (profile, order, product) to the hosted review form, and a ReviewRequest row with the
// unique key, written once (the first send wins), so /reviews/orders and /reviews/performance
// can count what was asked. A preview gets the link and writes nothing.
import { db } from '@/lib/db/client'
import { ulid } from '@/lib/ids/make-id'
import { productIdsOf } from '@/lib/catalog/link-events'
import type { RenderContextConsumer } from '@/lib/messaging/render-context-consumers'
import { reviewRequestUrl, type ReviewRequestKey } from './review-request-token'

export const REVIEW_REQUEST_VARIABLE = 'review_request_url'

const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v).trim() : '')

/** The order and product a send's event is about, or null. */
export function orderProductOf(event: unknown): { orderKey: string; productExternalId: string } | null {
  if (!event || typeof event !== 'object') return null
  const e = event as Record<string, unknown>
  const orderKey = text(e.OrderId) || text(e['Order ID']) || text(e.order_id)
  const productExternalId = productIdsOf(e)[0] ?? ''
  if (!orderKey || !productExternalId || orderKey.length > 255 || productExternalId.length > 255) return null
  return { orderKey, productExternalId }
}

export async function recordReviewRequest(key: ReviewRequestKey, sendId: string | null, now: Date) {
  const where = {
    companyId_orderKey_productExternalId_profileId: {
      companyId: key.companyId,
      orderKey: key.orderKey,
      productExternalId: key.productExternalId,
      profileId: key.profileId,
    },
  }
  try {
    await db.reviewRequest.upsert({
      where,
      create: { id: ulid(now.getTime()), ...key, sendId, createdAt: now },
      update: {},
    })
  } catch (e) {
    // two sends of the same request at once: the other one wrote it
    if ((e as { code?: string }).code !== 'P2002') throw e
  }
}

export const reviewRequestContextConsumer: RenderContextConsumer = {
  name: 'reviews: review_request_url',
  variables: [REVIEW_REQUEST_VARIABLE],
  async context({ companyId, profileId, sendId, context, now }) {
    const op = orderProductOf(context.event)
    if (!op) return {}
    const key = { companyId, profileId, ...op }
    if (sendId) await recordReviewRequest(key, sendId, now)
    return { [REVIEW_REQUEST_VARIABLE]: reviewRequestUrl(key) }
  },
}
