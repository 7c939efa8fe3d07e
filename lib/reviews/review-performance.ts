// /reviews/performance: per month over the last twelve (UTC), the reviews received (count and
// average rating), the review requests written and how many of them were answered, and the
// totals. Aggregates per month (count and average in the database), never the rows — except the
// window's request emails (one id per email), to tell which were opened (request-action-opens.ts).
import { db } from '@/lib/db/client'
import { openedRequestSends } from './request-action-opens'

const round2 = (n: number | null | undefined) => (n == null ? null : Math.round(n * 100) / 100)

export function monthStarts(now: Date, months: number): Date[] {
  const out: Date[] = []
  for (let i = months - 1; i >= -1; i--) out.push(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1)))
  return out
}

export async function reviewPerformance(companyId: number, now = new Date(), months = 12) {
  const edges = monthStarts(now, months)
  const ranges = edges.slice(0, -1).map((from, i) => ({ gte: from, lt: edges[i + 1]! }))
  const emails = await requestEmails(companyId, edges[0]!, edges[edges.length - 1]!)
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
        ...emails.month(createdAt.gte, createdAt.lt),
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
      /** The last twelve months' request emails and how many were opened. */
      ...emails.month(edges[0]!, edges[edges.length - 1]!),
    },
  }
}

/** The window's review request emails (sends), and which were opened, by send time. */
async function requestEmails(companyId: number, from: Date, to: Date) {
  const [rows, opened] = await Promise.all([
    db.reviewRequest.findMany({
      where: { companyId, createdAt: { gte: from, lt: to }, sendId: { not: null } },
      select: { sendId: true, createdAt: true },
    }),
    openedRequestSends(companyId),
  ])
  const sent = new Map<string, number>()
  for (const r of rows) if (!sent.has(r.sendId!)) sent.set(r.sendId!, r.createdAt.getTime())
  return {
    month(gte: Date, lt: Date) {
      let emails = 0
      let openedEmails = 0
      for (const [id, at] of sent)
        if (at >= gte.getTime() && at < lt.getTime()) {
          emails++
          if (opened.has(id)) openedEmails++
        }
      return { emails, opened: openedEmails, openRate: emails ? round2(openedEmails / emails) : null }
    },
  }
}
