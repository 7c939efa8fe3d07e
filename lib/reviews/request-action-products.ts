// The order a review request is about and the products it asks for, read inside the caller's
// transaction as Ops (the flow step's, lib/flows/engine/types.ts): the order's product ids
// (Items[].ProductID of Placed / Fulfilled Order), those the catalog has, less those already
// reviewed from that order. Shared by the send-review-request action and the render consumer.
import { kysely } from '@/lib/db/kysely'
import { select, type Ops } from '@/lib/db/ops'
import { productIdsOf } from '@/lib/catalog/link-events'
import type { ReviewRequestProduct } from '@/lib/templates/review-request-block'
import { reviewRequestUrl, type ReviewRequestKey } from './review-request-token'

/** More products than an order email should list; the rest are not asked. */
export const MAX_PRODUCTS = 20

const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v).trim() : '')

/** The order key of an order event (OrderId, as the review form and /reviews/orders read it; else its $event_id). */
export function orderKeyOf(props: Record<string, unknown>): string | null {
  const k = text(props.OrderId) || text(props['Order ID']) || text(props.order_id) || text(props.$event_id)
  return k && k.length <= 255 ? k : null
}

export interface OrderProduct {
  catalogItemId: string
  productExternalId: string
  title: string
  imageUrl: string | null
  url: string | null
}

/** The order's products the catalog has (in the order's order), and which of them were reviewed. */
export function* orderProductsOps(
  companyId: number,
  orderKey: string,
  props: Record<string, unknown>,
): Ops<{ named: number; inCatalog: OrderProduct[]; reviewable: OrderProduct[] }> {
  const ids = productIdsOf(props)
    .filter((id) => id.length <= 255)
    .slice(0, MAX_PRODUCTS)
  if (!ids.length) return { named: 0, inCatalog: [], reviewable: [] }
  const rows = yield* select(
    kysely()
      .selectFrom('CatalogItem')
      .select(['id', 'externalId', 'title', 'imageThumbnailUrl', 'imageFullUrl', 'url'])
      .where('companyId', '=', companyId)
      .where('externalId', 'in', ids)
      .where('deleted', '=', false)
      .orderBy('id'),
  )
  const byExternal = new Map<string, OrderProduct>()
  for (const r of rows)
    if (!byExternal.has(r.externalId))
      byExternal.set(r.externalId, {
        catalogItemId: r.id,
        productExternalId: r.externalId,
        title: r.title,
        imageUrl: r.imageThumbnailUrl || r.imageFullUrl || null,
        url: r.url || null,
      })
  const inCatalog = ids.flatMap((id) => (byExternal.has(id) ? [byExternal.get(id)!] : []))
  if (!inCatalog.length) return { named: ids.length, inCatalog, reviewable: [] }
  const reviewed = yield* select(
    kysely()
      .selectFrom('Review')
      .select('productKey')
      .where('companyId', '=', companyId)
      .where('orderKey', '=', orderKey)
      .where(
        'productKey',
        'in',
        inCatalog.map((p) => p.catalogItemId),
      ),
  )
  const done = new Set(reviewed.map((r) => r.productKey))
  return { named: ids.length, inCatalog, reviewable: inCatalog.filter((p) => !done.has(p.catalogItemId)) }
}

/** A product of the block: its signed form link and one link per star. */
export function requestProduct(
  key: Omit<ReviewRequestKey, 'productExternalId'>,
  p: OrderProduct,
): ReviewRequestProduct {
  const url = reviewRequestUrl({ ...key, productExternalId: p.productExternalId })
  return {
    product_id: p.productExternalId,
    title: p.title,
    image_url: p.imageUrl,
    url: p.url,
    review_url: url,
    stars: [1, 2, 3, 4, 5].map((rating) => ({ rating, url: `${url}?rating=${rating}` })),
  }
}
