import { ajax } from '@/lib/http/ajax'
import { performanceReview } from '@/lib/deliverability/performance-review'

// GET /ajax/deliverability/email/performance-review – the last 30 days against the 30 before
export const GET = ajax({
  resources: ['message_statistics_read'],
  handler: ({ ctx }) => performanceReview(ctx.principal.companyId, new Date()),
})
export type PerformanceReviewResponse = Awaited<ReturnType<typeof performanceReview>>
