import { ajax } from '@/lib/http/ajax'
import { importReviewsBody, runImport } from '@/lib/reviews/import-reviews'

// POST /ajax/reviews/import – import the good rows (a source id already imported is left alone)
export const POST = ajax({
  resources: ['reviews_read', 'reviews_write'],
  flag: 'is_reviews_enabled',
  body: importReviewsBody,
  handler: ({ ctx, body }) => runImport(ctx.principal.companyId, body),
})
export type ReviewImportResponse = Awaited<ReturnType<typeof runImport>>
