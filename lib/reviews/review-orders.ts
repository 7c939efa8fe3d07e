// /reviews/orders: the store's orders (Placed Order events, newest first, keyset pages by event
// id) with their review-request state: not asked, asked (a ReviewRequest of the order exists) or
// reviewed (a review of the order exists). Three queries a page, company scoped, never a scan
// of the reviews or requests beyond the page's orders.
import { db } from '@/lib/db/client'
import { productIdsOf } from '@/lib/catalog/link-events'

export type OrderReviewState = 'not_requested' | 'requested' | 'reviewed'

const orderKeyOf = (p: Record<string, unknown>) => {
  const v = p.OrderId ?? p['Order ID'] ?? p.$event_id
  return typeof v === 'string' || typeof v === 'number' ? String(v) : null
}

export async function listReviewOrders(companyId: number, opts: { before?: number; limit: number }) {
  const metric = await db.metric.findFirst({ where: { companyId, name: 'Placed Order' }, select: { id: true } })
  if (!metric) return { orders: [], next: null }
  const events = await db.event.findMany({
    where: { companyId, metricId: metric.id, ...(opts.before ? { id: { lt: opts.before } } : {}) },
    orderBy: { id: 'desc' },
    take: opts.limit + 1,
    select: { id: true, ts: true, value: true, currency: true, properties: true, profile: { select: { email: true } } },
  })
  const page = events.slice(0, opts.limit)
  const rows = page.map((e) => {
    const p = JSON.parse(e.properties) as Record<string, unknown>
    return { e, orderKey: orderKeyOf(p) ?? e.id.toString(), products: productIdsOf(p) }
  })
  const keys = [...new Set(rows.map((r) => r.orderKey))]
  const [requests, reviews] = await Promise.all([
    db.reviewRequest.groupBy({
      by: ['orderKey'],
      where: { companyId, orderKey: { in: keys } },
      _count: { _all: true },
    }),
    db.review.groupBy({ by: ['orderKey'], where: { companyId, orderKey: { in: keys } }, _count: { _all: true } }),
  ])
  const asked = new Map(requests.map((r) => [r.orderKey, r._count._all]))
  const reviewed = new Map(reviews.map((r) => [r.orderKey!, r._count._all]))
  return {
    orders: rows.map(({ e, orderKey, products }) => ({
      id: e.id,
      orderKey,
      email: e.profile.email,
      placedAt: new Date(e.ts * 1000).toISOString(),
      value: e.value,
      currency: e.currency,
      productCount: products.length,
      requests: asked.get(orderKey) ?? 0,
      reviews: reviewed.get(orderKey) ?? 0,
      state: (reviewed.get(orderKey)
        ? 'reviewed'
        : asked.get(orderKey)
          ? 'requested'
          : 'not_requested') as OrderReviewState,
    })),
    next: events.length > opts.limit ? page[page.length - 1]!.id : null,
  }
}
