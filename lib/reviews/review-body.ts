// The body of POST /client/reviews (the vendor's ReviewCreateDTO), bounded so a submission from a
// store's page cannot store more than a review needs. Text is kept as the shopper typed it and
// escaped where it is shown (the widget, the screens), never stripped or trusted as HTML.
import { z } from 'zod'

export const REVIEW_TYPES = ['review', 'question', 'rating', 'store'] as const
export const TITLE_MAX = 200
export const CONTENT_MAX = 5000
export const AUTHOR_MAX = 100
export const IMAGES_MAX = 10

const httpsUrl = z
  .string()
  .max(2048)
  .refine((v) => /^https:\/\/[^\s"'<>]+$/.test(v), 'An image must be an https URL.')

export const clientReviewBody = z.object({
  data: z.object({
    type: z.literal('review'),
    attributes: z
      .object({
        review_type: z.enum(REVIEW_TYPES),
        email: z.string().trim().email().max(254),
        author: z.string().trim().min(1).max(AUTHOR_MAX),
        content: z.string().max(CONTENT_MAX),
        title: z.string().trim().max(TITLE_MAX).nullish(),
        rating: z.number().int().min(1, 'The rating must be 1 to 5.').max(5, 'The rating must be 1 to 5.').nullish(),
        product: z
          .object({ external_id: z.string().trim().min(1).max(255), integration_key: z.string().max(40) })
          .nullish(),
        images: z.array(httpsUrl).max(IMAGES_MAX).nullish(),
        incentive_type: z.string().max(40).nullish(),
        custom_questions: z.array(z.unknown()).max(20).nullish(),
      })
      .superRefine((a, ctx) => {
        // Every review but a question carries a star rating.
        if (a.review_type !== 'question' && a.rating == null)
          ctx.addIssue({ code: 'custom', path: ['rating'], message: 'A rating from 1 to 5 is required.' })
        if (a.review_type !== 'store' && !a.product)
          ctx.addIssue({ code: 'custom', path: ['product'], message: 'The product is required.' })
        if (a.review_type !== 'rating' && !a.content.trim())
          ctx.addIssue({ code: 'custom', path: ['content'], message: 'The review text is required.' })
      }),
    relationships: z
      .object({
        order: z.object({ data: z.object({ type: z.literal('order'), id: z.string().trim().min(1).max(255) }) }),
      })
      .partial()
      .optional(),
  }),
})
export type ClientReviewBody = z.infer<typeof clientReviewBody>
