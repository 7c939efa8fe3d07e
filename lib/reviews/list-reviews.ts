// Reviews of one company, newest first (or by rating), in keyset pages: /api/reviews for the
// merchant (every status), /client/reviews and the onsite widget (published and featured only).
import type { Prisma } from '@/generated/prisma/client'
import { db } from '@/lib/db/client'

export const VISIBLE_STATUSES = ['published', 'featured'] as const

export interface ReviewQuery {
  ids?: string[]
  catalogItemIds?: string[]
  productExternalIds?: string[]
  statuses?: string[]
  reviewType?: string
  verified?: boolean
  contentContains?: string
  rating?: { equals?: number[]; gte?: number; lte?: number }
  created?: { gte?: Date; lte?: Date }
  updated?: { gte?: Date; lte?: Date }
  hasPublicReply?: boolean
  hasMedia?: boolean
  sort: { field: 'created' | 'updated' | 'rating'; desc: boolean }
  /** The last row of the previous page: its sort value and id. */
  after?: { value: number | string; id: string } | null
  limit: number
}

export function reviewWhere(
  companyId: number,
  q: Omit<ReviewQuery, 'sort' | 'after' | 'limit'>,
): Prisma.ReviewWhereInput {
  const and: Prisma.ReviewWhereInput[] = [{ companyId }]
  if (q.ids) and.push({ id: { in: q.ids } })
  if (q.catalogItemIds) and.push({ catalogItemId: { in: q.catalogItemIds } })
  if (q.productExternalIds) and.push({ productExternalId: { in: q.productExternalIds } })
  if (q.statuses) and.push({ status: { in: q.statuses } })
  if (q.reviewType) and.push({ reviewType: q.reviewType })
  if (q.verified != null) and.push({ verified: q.verified })
  if (q.contentContains)
    and.push({ OR: [{ body: { contains: q.contentContains } }, { title: { contains: q.contentContains } }] })
  if (q.rating?.equals) and.push({ rating: { in: q.rating.equals } })
  if (q.rating?.gte != null) and.push({ rating: { gte: q.rating.gte } })
  if (q.rating?.lte != null) and.push({ rating: { lte: q.rating.lte } })
  if (q.created) and.push({ createdAt: q.created })
  if (q.updated) and.push({ updatedAt: q.updated })
  if (q.hasPublicReply != null) and.push(q.hasPublicReply ? { publicReply: { not: null } } : { publicReply: null })
  if (q.hasMedia != null) and.push(q.hasMedia ? { images: { not: '[]' } } : { images: '[]' })
  return { AND: and }
}

// Questions carry no rating: by rating they come last in either direction (both engines, as
// SQLite and PostgreSQL disagree on where NULLs sort), and their cursor value is NO_RATING.
const NO_RATING = -1

export async function listReviews(companyId: number, q: ReviewQuery) {
  const where = reviewWhere(companyId, q)
  const and = where.AND as Prisma.ReviewWhereInput[]
  const dir = q.sort.desc ? 'desc' : 'asc'
  const op = q.sort.desc ? 'lt' : 'gt'
  if (q.sort.field === 'rating') {
    if (q.after) {
      const v = Number(q.after.value)
      and.push(
        v === NO_RATING
          ? { rating: null, id: { [op]: q.after.id } }
          : { OR: [{ rating: { [op]: v } }, { rating: v, id: { [op]: q.after.id } }, { rating: null }] },
      )
    }
    return db.review.findMany({
      where,
      orderBy: [{ rating: { sort: dir, nulls: 'last' } }, { id: dir }],
      take: q.limit,
    })
  }
  const col = q.sort.field === 'updated' ? 'updatedAt' : 'createdAt'
  if (q.after) {
    const v = new Date(q.after.value)
    and.push({ OR: [{ [col]: { [op]: v } }, { [col]: v, id: { [op]: q.after.id } }] })
  }
  return db.review.findMany({ where, orderBy: [{ [col]: dir }, { id: dir }], take: q.limit })
}

export type ReviewRow = Awaited<ReturnType<typeof listReviews>>[number]

/** The cursor key of a row for the given sort. */
export const reviewCursorValue = (r: ReviewRow, field: ReviewQuery['sort']['field']) =>
  field === 'rating' ? (r.rating ?? NO_RATING) : (field === 'updated' ? r.updatedAt : r.createdAt).toISOString()
