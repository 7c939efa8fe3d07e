import { ajax } from '@/lib/http/ajax'
import { getReportRun } from '@/lib/analytics/report-runs'

// GET /ajax/analytics/runs/{id} – a run's status, progress and, once complete, its result
export const GET = ajax({
  resources: ['ca_reports_view'],
  handler: ({ ctx, params }) => getReportRun(ctx.principal.companyId, params.id!),
})
