import { ajax } from '@/lib/http/ajax'
import { requestLogDashboard } from '@/lib/developer-tools/request-log-dashboard'

// GET /ajax/developer-tools/dashboard – the last 7 days of /api calls by key or app, errors, top endpoints
export const GET = ajax({
  resources: ['applications_read'],
  handler: ({ ctx }) => requestLogDashboard(ctx.principal.companyId),
})
