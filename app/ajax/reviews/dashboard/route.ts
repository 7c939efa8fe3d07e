import { ajax } from '@/lib/http/ajax'
import { reviewsDashboard } from '@/lib/reviews/reviews-overview'

// GET /ajax/reviews/dashboard – counts by status, the average rating shoppers see, the latest reviews
export const GET = ajax({
  resources: ['reviews_read'],
  flag: 'is_reviews_enabled',
  handler: ({ ctx }) => reviewsDashboard(ctx.principal.companyId),
})
export type ReviewsDashboardResponse = Awaited<ReturnType<typeof reviewsDashboard>>
