import { ajax } from '@/lib/http/ajax'
import { metricsOverview } from '@/lib/developer-tools/metrics-overview'

// GET /ajax/developer-tools/metrics – the account's metrics with counts and latest events
export const GET = ajax({
  resources: ['applications_read'],
  handler: ({ ctx }) => metricsOverview(ctx.principal.companyId),
})
