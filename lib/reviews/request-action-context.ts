// The "Review request" block in an email that the send-review-request action did not send (a
// flow email on Placed / Fulfilled Order, a campaign): `review_request_products` from the send's
// event, when it names an order with catalog products not yet reviewed, and the ReviewRequest row
// of each (written once; a preview writes nothing). No order: no variable, the block prints
// nothing. The action's own sends carry the products already and are left as they are.
import { read } from '@/lib/db/ops'
import type { RenderContextConsumer } from '@/lib/messaging/render-context-consumers'
import { REVIEW_REQUEST_PRODUCTS } from '@/lib/templates/review-request-block'
import { recordReviewRequest } from './review-request-context'
import { orderKeyOf, orderProductsOps, requestProduct } from './request-action-products'

export const reviewRequestBlockConsumer: RenderContextConsumer = {
  name: 'reviews: review request block',
  variables: [REVIEW_REQUEST_PRODUCTS],
  async context({ companyId, profileId, sendId, context, now }) {
    if (Array.isArray(context[REVIEW_REQUEST_PRODUCTS])) return {}
    const event = context.event
    if (!event || typeof event !== 'object') return {}
    const props = event as Record<string, unknown>
    const orderKey = orderKeyOf(props)
    if (!orderKey) return {}
    const { reviewable } = await read(orderProductsOps(companyId, orderKey, props))
    if (!reviewable.length) return {}
    if (sendId)
      for (const p of reviewable)
        await recordReviewRequest(
          { companyId, profileId, orderKey, productExternalId: p.productExternalId },
          sendId,
          now,
        )
    return { [REVIEW_REQUEST_PRODUCTS]: reviewable.map((p) => requestProduct({ companyId, profileId, orderKey }, p)) }
  },
}
