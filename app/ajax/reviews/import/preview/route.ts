import { ajax } from '@/lib/http/ajax'
import { importReviewsBody, previewImport } from '@/lib/reviews/import-reviews'

// POST /ajax/reviews/import/preview – the file read with the mapping: the first rows and every row's errors
export const POST = ajax({
  resources: ['reviews_read', 'reviews_write'],
  flag: 'is_reviews_enabled',
  body: importReviewsBody,
  handler: ({ ctx, body }) => previewImport(ctx.principal.companyId, body),
})
export type ReviewImportPreviewResponse = Awaited<ReturnType<typeof previewImport>>
