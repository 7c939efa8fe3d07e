import { ajax } from '@/lib/http/ajax'
import { deleteSavedReport, getSavedReport, savedReportBody, updateSavedReport } from '@/lib/analytics/saved-reports'

// GET /ajax/analytics/reports/{id} – one saved report
export const GET = ajax({
  resources: ['ca_reports_view'],
  handler: ({ ctx, params }) => getSavedReport(ctx.principal.companyId, ctx.principal.userId, params.id!),
})

// PUT /ajax/analytics/reports/{id} – edit a saved report
export const PUT = ajax({
  resources: ['ca_reports_view'],
  body: savedReportBody,
  handler: ({ ctx, params, body }) =>
    updateSavedReport(ctx.principal.companyId, ctx.principal.userId, params.id!, body),
})

// DELETE /ajax/analytics/reports/{id} – delete a saved report and its history
export const DELETE = ajax({
  resources: ['ca_reports_view'],
  handler: async ({ ctx, params }) => {
    await deleteSavedReport(ctx.principal.companyId, ctx.principal.userId, params.id!)
    return { deleted: true }
  },
})
