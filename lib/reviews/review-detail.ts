// One review as the moderation screen shows it (/ajax/reviews/:id): its product, what the rules
// flagged, its photos and the merchant's replies, public and private.
import { db } from '@/lib/db/client'
import { notFound } from '@/lib/errors/app-error'
import { listReviewReplies } from './add-review-reply'

export async function loadReview(companyId: number, id: string) {
  const r = await db.review.findFirst({ where: { companyId, id } })
  if (!r) throw notFound('This review does not exist.')
  const product = r.catalogItemId
    ? await db.catalogItem.findFirst({
        where: { companyId, id: r.catalogItemId },
        select: { id: true, title: true, url: true },
      })
    : null
  return {
    id: r.id,
    reviewType: r.reviewType,
    rating: r.rating,
    title: r.title,
    body: r.body,
    author: r.authorName,
    email: r.authorEmail,
    verified: r.verified,
    status: r.status,
    rejectionReason: r.rejectionReason ? (JSON.parse(r.rejectionReason) as { reason: string }) : null,
    flags: JSON.parse(r.flags) as string[],
    images: JSON.parse(r.images) as string[],
    publicReply: r.publicReply,
    replies: await listReviewReplies(companyId, id),
    product,
    created: r.createdAt.toISOString(),
  }
}
