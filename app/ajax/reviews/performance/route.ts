import { ajax } from '@/lib/http/ajax'
import { reviewPerformance } from '@/lib/reviews/review-performance'

// GET /ajax/reviews/performance – reviews, average rating and request conversion per month
export const GET = ajax({
  resources: ['reviews_read'],
  flag: 'is_reviews_enabled',
  handler: ({ ctx }) => reviewPerformance(ctx.principal.companyId),
})
export type ReviewPerformanceResponse = Awaited<ReturnType<typeof reviewPerformance>>
