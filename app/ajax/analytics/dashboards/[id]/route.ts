import { ajax } from '@/lib/http/ajax'
import { dashboardBody, deleteDashboard, getDashboard, renameDashboard } from '@/lib/analytics/dashboards'

// GET /ajax/analytics/dashboards/{id} – a dashboard with its cards in order
export const GET = ajax({
  resources: ['dashboard'],
  handler: ({ ctx, params }) => getDashboard(ctx.principal.companyId, params.id!),
})

// PATCH /ajax/analytics/dashboards/{id} – rename a dashboard
export const PATCH = ajax({
  resources: ['dashboard'],
  body: dashboardBody,
  handler: ({ ctx, params, body }) => renameDashboard(ctx.principal.companyId, params.id!, body),
})

// DELETE /ajax/analytics/dashboards/{id} – delete a dashboard and its cards
export const DELETE = ajax({
  resources: ['dashboard'],
  handler: async ({ ctx, params }) => {
    await deleteDashboard(ctx.principal.companyId, params.id!)
    return { deleted: true }
  },
})
