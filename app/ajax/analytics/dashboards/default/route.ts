import { ajax } from '@/lib/http/ajax'
import { getDefaultDashboard } from '@/lib/analytics/dashboards'

// GET /ajax/analytics/dashboards/default – the account's default dashboard, created on the first visit
export const GET = ajax({
  resources: ['dashboard'],
  handler: ({ ctx }) => getDefaultDashboard(ctx.principal.companyId, ctx.principal.userId),
})
