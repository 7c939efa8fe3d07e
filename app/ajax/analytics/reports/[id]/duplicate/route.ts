import { ajax } from '@/lib/http/ajax'
import { duplicateSavedReport } from '@/lib/analytics/saved-reports'

// POST /ajax/analytics/reports/{id}/duplicate – a copy of the report (unscheduled)
export const POST = ajax({
  resources: ['ca_reports_view'],
  status: 201,
  handler: ({ ctx, params }) => duplicateSavedReport(ctx.principal.companyId, ctx.principal.userId, params.id!),
})
