// Product questions and answers (/reviews/questions, the onsite widget): a shopper asks through
// POST /client/review-questions (the product must be the company's; every question waits), the
// merchant answers and publishes it, the widget shows a product's published questions with
// their answers. Every read and write is scoped to the company: an id of another company's
// question is a 404, never a change.
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { ApiError } from '@/lib/api/api-error'
import { badRequest, notFound } from '@/lib/errors/app-error'
import { ulid } from '@/lib/ids/make-id'
import { AUTHOR_MAX } from './review-body'

export const QUESTION_STATUSES = ['pending', 'published', 'rejected'] as const
export const QUESTION_MAX = 1000
export const ANSWER_MAX = 2000

export const clientQuestionBody = z.object({
  data: z.object({
    type: z.literal('review-question'),
    attributes: z.object({
      email: z.string().trim().email().max(254),
      author: z.string().trim().min(1).max(AUTHOR_MAX),
      question: z.string().trim().min(1, 'The question is required.').max(QUESTION_MAX),
      product: z.object({ external_id: z.string().trim().min(1).max(255) }),
    }),
  }),
})
export type ClientQuestionBody = z.infer<typeof clientQuestionBody>

export async function submitQuestion(companyId: number, body: ClientQuestionBody, now = new Date()) {
  const a = body.data.attributes
  const item = await db.catalogItem.findFirst({
    where: { companyId, externalId: a.product.external_id, deleted: false },
    select: { id: true, externalId: true },
  })
  if (!item)
    throw new ApiError(400, 'invalid', 'This product does not exist.', {
      pointer: '/data/attributes/product/external_id',
    })
  const id = ulid(now.getTime())
  await db.reviewQuestion.create({
    data: {
      id,
      companyId,
      catalogItemId: item.id,
      productExternalId: item.externalId,
      question: a.question,
      authorName: a.author,
      authorEmail: a.email.toLowerCase(),
      createdAt: now,
      updatedAt: now,
    },
  })
  return { id }
}

/** A product's published questions with their answers, newest first (the widget). */
export async function publishedQuestions(companyId: number, productExternalIds: string[], limit = 20) {
  const rows = await db.reviewQuestion.findMany({
    where: { companyId, productExternalId: { in: productExternalIds }, status: 'published' },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: limit,
  })
  return rows.map((q) => ({
    id: q.id,
    question: q.question,
    author: q.authorName,
    answer: q.answer,
    answerAuthor: q.answerAuthor,
    created: q.createdAt.toISOString(),
  }))
}

const view = (q: {
  id: string
  question: string
  authorName: string
  authorEmail: string
  answer: string | null
  answeredAt: Date | null
  status: string
  productExternalId: string
  catalogItemId: string | null
  createdAt: Date
}) => ({
  id: q.id,
  question: q.question,
  author: q.authorName,
  email: q.authorEmail,
  answer: q.answer,
  answeredAt: q.answeredAt?.toISOString() ?? null,
  status: q.status,
  productExternalId: q.productExternalId,
  catalogItemId: q.catalogItemId,
  created: q.createdAt.toISOString(),
})

export async function listQuestions(companyId: number, opts: { status?: string; before?: string; limit: number }) {
  const rows = await db.reviewQuestion.findMany({
    where: {
      companyId,
      ...(opts.status ? { status: opts.status } : {}),
      ...(opts.before ? { id: { lt: opts.before } } : {}),
    },
    orderBy: { id: 'desc' },
    take: opts.limit + 1,
  })
  const page = rows.slice(0, opts.limit)
  return { questions: page.map(view), next: rows.length > opts.limit ? page[page.length - 1]!.id : null }
}

export async function getQuestion(companyId: number, id: string) {
  const q = await db.reviewQuestion.findFirst({ where: { companyId, id } })
  if (!q) throw notFound('This question does not exist.')
  const product = q.catalogItemId
    ? await db.catalogItem.findFirst({ where: { companyId, id: q.catalogItemId }, select: { id: true, title: true } })
    : null
  return { ...view(q), product }
}

export const answerQuestionInput = z
  .object({
    answer: z.string().trim().max(ANSWER_MAX).nullable().optional(),
    status: z.enum(QUESTION_STATUSES).optional(),
  })
  .refine((b) => b.answer !== undefined || b.status !== undefined, { message: 'Nothing to change.' })
  .refine((b) => b.status !== 'published' || b.answer !== null, {
    message: 'A published question needs an answer.',
    path: ['answer'],
  })

export async function answerQuestion(
  companyId: number,
  id: string,
  input: z.infer<typeof answerQuestionInput>,
  author: string,
  now = new Date(),
) {
  const cur = await db.reviewQuestion.findFirst({ where: { companyId, id }, select: { answer: true } })
  if (!cur) throw notFound('This question does not exist.')
  const answer = input.answer === undefined ? cur.answer : input.answer || null
  if (input.status === 'published' && !answer)
    throw badRequest('A published question needs an answer.', { answer: ['A published question needs an answer.'] })
  await db.reviewQuestion.updateMany({
    where: { companyId, id },
    data: {
      ...(input.answer !== undefined
        ? { answer, answerAuthor: answer ? author : null, answeredAt: answer ? now : null }
        : {}),
      ...(input.status ? { status: input.status } : {}),
      updatedAt: now,
    },
  })
  return getQuestion(companyId, id)
}
