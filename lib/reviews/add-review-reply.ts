// The merchant's reply to a review (the moderation screen): public, it becomes the review's
// public_reply that the widget and /api/reviews show; private, it goes to the reviewer alone by
// email through the send pipeline as a transactional message (their marketing consent does not
// hold back an answer to their own review; bounces and complaints still do). Either way the reply
// is a ReviewReply row, the review's history. Exactly once: the row and its Send (source
// review-reply:<reply id>, the pipeline's unique send key) are written in one transaction, so a
// retried delivery job finds the Send and never mails twice.
import { createTranslator } from 'next-intl'
import { z } from 'zod'
import { db as prisma } from '@/lib/db/client'
import { exec, inWriteTx, type Ops } from '@/lib/db/ops'
import { kysely } from '@/lib/db/kysely'
import { badRequest, notFound } from '@/lib/errors/app-error'
import { loadMessages } from '@/lib/i18n/load-messages'
import { resolveLocale } from '@/lib/i18n/locales'
import { ulid } from '@/lib/ids/make-id'
import { wakeWorkers } from '@/lib/jobs/queue'
import { createSendsOps, DELIVER_JOB, prepareSendQueue } from '@/lib/messaging/create-sends'
import type { MessageContent } from '@/lib/messaging/types'

export const REPLY_MAX = 2000
export const reviewReplyBody = z.object({
  body: z.string().trim().min(1, 'Write the reply.').max(REPLY_MAX),
  visibility: z.enum(['public', 'private']),
})
export type ReviewReplyInput = z.infer<typeof reviewReplyBody>

export const replySourceId = (replyId: string) => `review-reply:${replyId}`

// Every text is a variable of the send's context, never part of the template itself: the HTML
// engine escapes variables, and a shopper's review or a merchant's reply cannot become template
// code.
const CONTENT: MessageContent = {
  subject: '{{ reply.subject }}',
  html: `<p>{{ reply.intro }}</p>
<blockquote style="white-space:pre-line;border-left:3px solid #d0d7de;margin:0 0 16px;padding:4px 12px">{{ reply.body }}</blockquote>
<p style="color:#57606a">{{ reply.quoteLabel }}</p>
<blockquote style="white-space:pre-line;color:#57606a;margin:0;padding:4px 12px">{{ reply.review }}</blockquote>`,
  text: '{{ reply.intro }}\n\n{{ reply.body }}\n\n{{ reply.quoteLabel }}\n{{ reply.review }}\n',
}

async function mailTexts(locale: string | null, values: { company: string; product: string }) {
  const l = resolveLocale(locale ?? undefined)
  const t = createTranslator({
    locale: l,
    messages: (await loadMessages(l)) as never,
    namespace: 'reviewsExtras.replyEmail' as never,
  }) as unknown as (k: string, v?: Record<string, string>) => string
  return { subject: t('subject', values), intro: t('intro', values), quoteLabel: t('quoteLabel') }
}

function* insertReplyOps(
  row: { id: string; companyId: number; reviewId: string; visibility: string; body: string },
  author: { name: string; userId: number | null },
  now: Date,
): Ops<void> {
  yield* exec(
    kysely()
      .insertInto('ReviewReply')
      .values({ ...row, authorName: author.name, authorUserId: author.userId, sendId: null, createdAt: now }),
  )
}

export async function addReviewReply(
  companyId: number,
  reviewId: string,
  input: ReviewReplyInput,
  author: { name: string; userId: number | null },
  now = new Date(),
): Promise<{ id: string; sendId: string | null }> {
  const db = kysely()
  const review = await prisma.review.findFirst({
    where: { companyId, id: reviewId },
    select: { profileId: true, body: true, catalogItemId: true },
  })
  if (!review) throw notFound('This review does not exist.')
  const id = ulid(now.getTime())
  const row = { id, companyId, reviewId, visibility: input.visibility, body: input.body }

  if (input.visibility === 'public') {
    await inWriteTx(function* () {
      yield* insertReplyOps(row, author, now)
      yield* exec(
        db
          .updateTable('Review')
          .where('companyId', '=', companyId)
          .where('id', '=', reviewId)
          .set({ publicReply: input.body, publicReplyAuthor: author.name, publicReplyAt: now, updatedAt: now }),
      )
    })
    return { id, sendId: null }
  }

  const [profile, item, company] = await Promise.all([
    review.profileId
      ? prisma.profile.findFirst({ where: { companyId, id: review.profileId }, select: { email: true, locale: true } })
      : null,
    review.catalogItemId
      ? prisma.catalogItem.findFirst({ where: { companyId, id: review.catalogItemId }, select: { title: true } })
      : null,
    prisma.company.findUniqueOrThrow({ where: { id: companyId }, select: { name: true } }),
  ])
  if (!review.profileId || !profile?.email)
    throw badRequest('This reviewer has no email address to send a private reply to.', {
      visibility: ['This reviewer has no email address; reply in public instead.'],
    })
  // a store review is a review of the store itself
  const texts = await mailTexts(profile.locale, { company: company.name, product: item?.title ?? company.name })
  await prepareSendQueue()
  const sendId = await inWriteTx(function* () {
    yield* insertReplyOps(row, author, now)
    const [send] = yield* createSendsOps({
      companyId,
      channel: 'email',
      sourceType: 'transactional',
      sourceId: replySourceId(id),
      transactional: true,
      content: CONTENT,
      recipients: [
        { profileId: review.profileId!, context: { reply: { ...texts, body: input.body, review: review.body } } },
      ],
    })
    yield* exec(
      db
        .updateTable('ReviewReply')
        .where('companyId', '=', companyId)
        .where('id', '=', id)
        .set({ sendId: send?.id ?? null }),
    )
    return send?.id ?? null
  })
  wakeWorkers(DELIVER_JOB)
  return { id, sendId }
}

/** A review's replies, oldest first, with the delivery state of the private ones. */
export async function listReviewReplies(companyId: number, reviewId: string) {
  const rows = await prisma.reviewReply.findMany({
    where: { companyId, reviewId },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  })
  const sendIds = rows.map((r) => r.sendId).filter((x): x is string => !!x)
  const sends = sendIds.length
    ? await prisma.send.findMany({ where: { companyId, id: { in: sendIds } }, select: { id: true, status: true } })
    : []
  const status = new Map(sends.map((x) => [x.id, x.status]))
  return rows.map((r) => ({
    id: r.id,
    visibility: r.visibility as 'public' | 'private',
    body: r.body,
    author: r.authorName,
    created: r.createdAt.toISOString(),
    sendStatus: r.sendId ? (status.get(r.sendId) ?? null) : null,
  }))
}
