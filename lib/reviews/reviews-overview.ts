// The reviews dashboard and products screens: counts by status, the average rating of what
// shoppers see, the latest reviews, and each product's rating. Grouped queries, company scoped.
import { db } from '@/lib/db/client'
import { VISIBLE_STATUSES } from './list-reviews'

const round2 = (n: number | null | undefined) => (n == null ? null : Math.round(n * 100) / 100)

export async function reviewsDashboard(companyId: number) {
  const [byStatus, avg, recent] = await Promise.all([
    db.review.groupBy({ by: ['status'], where: { companyId }, _count: { _all: true } }),
    db.review.aggregate({
      where: { companyId, status: { in: [...VISIBLE_STATUSES] }, rating: { not: null } },
      _avg: { rating: true },
      _count: { rating: true },
    }),
    db.review.findMany({ where: { companyId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: 10 }),
  ])
  const counts: Record<string, number> = { pending: 0, published: 0, featured: 0, unpublished: 0, rejected: 0 }
  for (const r of byStatus) counts[r.status] = r._count._all
  return {
    counts,
    total: Object.values(counts).reduce((a, b) => a + b, 0),
    averageRating: round2(avg._avg.rating),
    ratedCount: avg._count.rating,
    recent: recent.map(reviewSummary),
  }
}

export function reviewSummary(r: {
  id: string
  rating: number | null
  title: string | null
  body: string
  authorName: string
  status: string
  reviewType: string
  verified: boolean
  flags: string
  catalogItemId: string | null
  createdAt: Date
}) {
  return {
    id: r.id,
    rating: r.rating,
    title: r.title,
    body: r.body.length > 280 ? `${r.body.slice(0, 280)}…` : r.body,
    author: r.authorName,
    status: r.status,
    reviewType: r.reviewType,
    verified: r.verified,
    flags: JSON.parse(r.flags) as string[],
    catalogItemId: r.catalogItemId,
    created: r.createdAt.toISOString(),
  }
}

/** Every product with reviews: what shoppers see (count, average) and what waits (pending). */
export async function productRatings(companyId: number, catalogItemId?: string) {
  const where = { companyId, catalogItemId: catalogItemId ?? { not: null } }
  const [visible, pending] = await Promise.all([
    db.review.groupBy({
      by: ['catalogItemId'],
      where: { ...where, status: { in: [...VISIBLE_STATUSES] } },
      _count: { _all: true },
      _avg: { rating: true },
    }),
    db.review.groupBy({ by: ['catalogItemId'], where: { ...where, status: 'pending' }, _count: { _all: true } }),
  ])
  const ids = [...new Set([...visible, ...pending].map((r) => r.catalogItemId!))]
  const items = await db.catalogItem.findMany({
    where: { companyId, id: { in: ids } },
    select: { id: true, title: true, externalId: true, url: true, imageThumbnailUrl: true },
  })
  const v = new Map(visible.map((r) => [r.catalogItemId!, r]))
  const p = new Map(pending.map((r) => [r.catalogItemId!, r._count._all]))
  return items
    .map((i) => ({
      id: i.id,
      title: i.title,
      externalId: i.externalId,
      url: i.url,
      image: i.imageThumbnailUrl,
      reviewCount: v.get(i.id)?._count._all ?? 0,
      averageRating: round2(v.get(i.id)?._avg.rating),
      pendingCount: p.get(i.id) ?? 0,
    }))
    .sort((a, b) => b.reviewCount - a.reviewCount || a.title.localeCompare(b.title))
}
