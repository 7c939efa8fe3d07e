import { apiRoute } from '@/lib/api/api-route'
import { listMetricsPage } from '@/lib/api/metrics/list-metrics'

// GET /api/metrics – the account's metrics (filter by integration name or category)
export const GET = apiRoute({
  scopes: ['metrics:read'],
  rate: 'M',
  handler: ({ ctx }) => listMetricsPage(ctx.companyId, ctx.url),
})
