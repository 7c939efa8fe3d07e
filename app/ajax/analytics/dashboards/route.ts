import { ajax } from '@/lib/http/ajax'
import { createDashboard, dashboardBody, listDashboards } from '@/lib/analytics/dashboards'

// GET /ajax/analytics/dashboards – the account's dashboards (the default first)
export const GET = ajax({
  resources: ['dashboard'],
  handler: async ({ ctx }) => ({ dashboards: await listDashboards(ctx.principal.companyId) }),
})

// POST /ajax/analytics/dashboards – a new, empty custom dashboard
export const POST = ajax({
  resources: ['dashboard'],
  body: dashboardBody,
  status: 201,
  handler: ({ ctx, body }) => createDashboard(ctx.principal.companyId, ctx.principal.userId, body),
})
