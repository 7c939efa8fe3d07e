// Rating statistics of the visible (published, featured) reviews: for the whole company or per
// product (by external id), over a timeframe. /client/review-values-reports, the widget's summary
// and the reviews dashboard read them; one grouped query, never the rows themselves.
import { db } from '@/lib/db/client'
import { VISIBLE_STATUSES } from './list-reviews'

export const TIMEFRAMES = { all_time: null, last_30_days: 30, last_90_days: 90, last_365_days: 365 } as const
export type Timeframe = keyof typeof TIMEFRAMES

export interface ReviewStatistics {
  average_rating: number | null
  total_reviews: number
  total_questions: number
  total_ratings: number
  total_store_reviews: number
  average_store_rating: number | null
}

const round2 = (n: number | null) => (n == null ? null : Math.round(n * 100) / 100)

export async function reviewStats(
  companyId: number,
  opts: { groupBy: 'company_id' | 'product_id'; productExternalIds?: string[]; timeframe?: Timeframe; now?: Date },
) {
  const days = TIMEFRAMES[opts.timeframe ?? 'all_time']
  const since = days == null ? undefined : new Date((opts.now ?? new Date()).getTime() - days * 86_400_000)
  const rows = await db.review.groupBy({
    by: opts.groupBy === 'product_id' ? ['productExternalId', 'reviewType'] : ['reviewType'],
    where: {
      companyId,
      status: { in: [...VISIBLE_STATUSES] },
      ...(since ? { createdAt: { gte: since } } : {}),
      ...(opts.productExternalIds ? { productExternalId: { in: opts.productExternalIds } } : {}),
    },
    _count: { _all: true },
    _sum: { rating: true },
  })
  const groups = new Map<string, { counts: Record<string, number>; sums: Record<string, number> }>()
  for (const r of rows) {
    const key =
      opts.groupBy === 'product_id' ? ((r as { productExternalId?: string | null }).productExternalId ?? '') : ''
    if (opts.groupBy === 'product_id' && !key) continue
    const g = groups.get(key) ?? { counts: {}, sums: {} }
    g.counts[r.reviewType] = r._count._all
    g.sums[r.reviewType] = r._sum.rating ?? 0
    groups.set(key, g)
  }
  return [...groups.entries()].map(([key, g]) => {
    const n = (t: string) => g.counts[t] ?? 0
    const s = (t: string) => g.sums[t] ?? 0
    const rated = n('review') + n('rating')
    const statistics: ReviewStatistics = {
      average_rating: rated ? round2((s('review') + s('rating')) / rated) : null,
      total_reviews: n('review'),
      total_questions: n('question'),
      total_ratings: n('rating'),
      total_store_reviews: n('store'),
      average_store_rating: n('store') ? round2(s('store') / n('store')) : null,
    }
    return { key, statistics }
  })
}
