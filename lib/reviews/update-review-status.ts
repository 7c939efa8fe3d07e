// The merchant's moderation decision (PATCH /api/reviews/{id}, the moderation screen): the
// vendor's status values; a rejection carries its reason (and, for "other", an explanation).
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { notFound } from '@/lib/errors/app-error'
import { ulid } from '@/lib/ids/make-id'
import { REJECT_REASONS } from './reject-reasons'

export const reviewStatusInput = z.discriminatedUnion('value', [
  z.object({ value: z.literal('published') }),
  z.object({ value: z.literal('featured') }),
  z.object({ value: z.literal('unpublished') }),
  z.object({ value: z.literal('pending') }),
  z.object({
    value: z.literal('rejected'),
    rejection_reason: z.object({
      reason: z.enum(REJECT_REASONS),
      status_explanation: z.string().max(500).nullish(),
    }),
  }),
])
export type ReviewStatusInput = z.infer<typeof reviewStatusInput>

export async function updateReviewStatus(companyId: number, id: string, status: ReviewStatusInput, now = new Date()) {
  const rejectionReason =
    status.value === 'rejected'
      ? JSON.stringify({
          reason: status.rejection_reason.reason,
          ...(status.rejection_reason.reason === 'other' && status.rejection_reason.status_explanation
            ? { status_explanation: status.rejection_reason.status_explanation }
            : {}),
        })
      : null
  const n = await db.review.updateMany({
    where: { companyId, id },
    data: { status: status.value, rejectionReason, updatedAt: now },
  })
  if (!n.count) throw notFound('This review does not exist.')
  return db.review.findFirstOrThrow({ where: { companyId, id } })
}

/** The merchant's public answer under a review (null removes it). */
export async function replyToReview(
  companyId: number,
  id: string,
  reply: { content: string | null; author: string },
  now = new Date(),
) {
  const n = await db.review.updateMany({
    where: { companyId, id },
    data: reply.content
      ? { publicReply: reply.content, publicReplyAuthor: reply.author, publicReplyAt: now, updatedAt: now }
      : { publicReply: null, publicReplyAuthor: null, publicReplyAt: null, updatedAt: now },
  })
  if (!n.count) throw notFound('This review does not exist.')
  // the review's history lists every public answer given, also those set here directly
  if (reply.content)
    await db.reviewReply.create({
      data: {
        id: ulid(now.getTime()),
        companyId,
        reviewId: id,
        visibility: 'public',
        body: reply.content,
        authorName: reply.author,
        createdAt: now,
      },
    })
}
