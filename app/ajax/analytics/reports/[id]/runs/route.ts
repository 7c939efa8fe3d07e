import { ajax } from '@/lib/http/ajax'
import { getSavedReport } from '@/lib/analytics/saved-reports'
import { createReportRun, listReportRuns } from '@/lib/analytics/report-runs'

// GET /ajax/analytics/reports/{id}/runs – the report's history (its runs, newest first)
export const GET = ajax({
  resources: ['ca_reports_view'],
  handler: async ({ ctx, params }) => {
    const report = await getSavedReport(ctx.principal.companyId, ctx.principal.userId, params.id!)
    return { runs: await listReportRuns(ctx.principal.companyId, report.id) }
  },
})

// POST /ajax/analytics/reports/{id}/runs – run the saved report now (poll the run while it is queued)
export const POST = ajax({
  resources: ['ca_reports_view'],
  status: 201,
  handler: async ({ ctx, params }) => {
    const report = await getSavedReport(ctx.principal.companyId, ctx.principal.userId, params.id!)
    return createReportRun(ctx.principal.companyId, {
      definition: report.definition,
      reportId: report.id,
      userId: ctx.principal.userId,
    })
  },
})
