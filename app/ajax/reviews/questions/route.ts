import { z } from 'zod'
import { ajax } from '@/lib/http/ajax'
import { listQuestions, QUESTION_STATUSES } from '@/lib/reviews/review-questions'

const query = z.object({
  status: z.enum(QUESTION_STATUSES).optional(),
  before: z.string().max(40).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
})

// GET /ajax/reviews/questions – shoppers' product questions, newest first, by status
export const GET = ajax({
  resources: ['reviews_read'],
  flag: 'is_reviews_enabled',
  query,
  handler: ({ ctx, query: q }) => listQuestions(ctx.principal.companyId, q),
})
export type ReviewQuestionsResponse = Awaited<ReturnType<typeof listQuestions>>
