import { clientPreflight, clientRoute } from '@/lib/api/api-route'
import { invalidParam } from '@/lib/api/api-error'
import { clientQuestionBody, publishedQuestions, submitQuestion } from '@/lib/reviews/review-questions'
import { expandProductIds } from '@/lib/reviews/product-groups'

// GET /client/review-questions?product_id= – a product's answered, published questions (the widget)
export const GET = clientRoute({
  rate: { burst: 350, steady: 3500 },
  handler: async ({ ctx }) => {
    const productId = ctx.url.searchParams.get('product_id')?.trim()
    if (!productId || productId.length > 255) throw invalidParam('product_id', 'product_id is required.')
    const questions = await publishedQuestions(ctx.companyId, await expandProductIds(ctx.companyId, [productId]))
    return {
      data: questions.map((q) => ({
        type: 'review-question',
        id: q.id,
        attributes: {
          question: q.question,
          author: q.author,
          answer: q.answer,
          answer_author: q.answerAuthor,
          created: q.created,
        },
      })),
    }
  },
})

// POST /client/review-questions – a shopper's question about a product (202; it waits for an answer)
export const POST = clientRoute({
  rate: { burst: 50, steady: 500 },
  body: clientQuestionBody,
  status: 202,
  handler: async ({ ctx, body }) => {
    await submitQuestion(ctx.companyId, body)
  },
})

// OPTIONS /client/review-questions – CORS preflight
export const OPTIONS = clientPreflight
