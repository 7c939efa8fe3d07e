// /reviews/performance: per month over the last twelve (UTC), the reviews received (count and
// average rating), the review requests written and how many of them were answered, and the
// totals. Aggregates per month (count and average in the database), never the rows.
import { db } from '@/lib/db/client'

const round2 = (n: number | null | undefined) => (n == null ? null : Math.round(n * 100) / 100)

export function monthStarts(now: Date, months: number): Date[] {
  const out: Date[] = []
  for (let i = months - 1; i >= -1; i--) out.push(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1)))
  return out
}

export async function reviewPerformance(companyId: number, now = new Date(), months = 12) {
  const edges = monthStarts(now, months)
  const ranges = edges.slice(0, -1).map((from, i) => ({ gte: from, lt: edges[i + 1]! }))
  const rows = await Promise.all(
    ranges.map(async (createdAt) => {
      const [reviews, requests, answered] = await Promise.all([
        db.review.aggregate({
          where: { companyId, createdAt, reviewType: { not: 'question' } },
          _count: { _all: true },
          _avg: { rating: true },
        }),
        db.reviewRequest.count({ where: { companyId, createdAt } }),
        db.reviewRequest.count({ where: { companyId, createdAt, reviewId: { not: null } } }),
      ])
      return {
        month: createdAt.gte.toISOString().slice(0, 7),
        reviews: reviews._count._all,
        averageRating: round2(reviews._avg.rating),
        requests,
        answered,
        conversion: requests ? round2(answered / requests) : null,
      }
    }),
  )
  const [all, requests, answered] = await Promise.all([
    db.review.aggregate({
      where: { companyId, reviewType: { not: 'question' } },
      _count: { _all: true },
      _avg: { rating: true },
    }),
    db.reviewRequest.count({ where: { companyId } }),
    db.reviewRequest.count({ where: { companyId, reviewId: { not: null } } }),
  ])
  return {
    months: rows,
    totals: {
      reviews: all._count._all,
      averageRating: round2(all._avg.rating),
      requests,
      answered,
      conversion: requests ? round2(answered / requests) : null,
    },
  }
}
