import { ajax } from '@/lib/http/ajax'
import { answerQuestion, answerQuestionInput, getQuestion } from '@/lib/reviews/review-questions'

// GET /ajax/reviews/questions/:id – one question with its product and answer
export const GET = ajax({
  resources: ['reviews_read'],
  flag: 'is_reviews_enabled',
  handler: ({ ctx, params }) => getQuestion(ctx.principal.companyId, params.id!),
})
export type ReviewQuestionResponse = Awaited<ReturnType<typeof getQuestion>>

// PATCH /ajax/reviews/questions/:id – the merchant's answer and the question's status
export const PATCH = ajax({
  resources: ['reviews_read', 'reviews_write'],
  flag: 'is_reviews_enabled',
  body: answerQuestionInput,
  handler: ({ ctx, params, body }) =>
    answerQuestion(ctx.principal.companyId, params.id!, body, ctx.principal.company.name),
})
