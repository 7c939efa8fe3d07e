import { ajax } from '@/lib/http/ajax'
import { createSavedReport, listSavedReports, savedReportBody } from '@/lib/analytics/saved-reports'

// GET /ajax/analytics/reports – the saved reports the user can see (shared, or their own)
export const GET = ajax({
  resources: ['ca_reports_view'],
  handler: async ({ ctx }) => ({ reports: await listSavedReports(ctx.principal.companyId, ctx.principal.userId) }),
})

// POST /ajax/analytics/reports – save a report (definition, share flag, email schedule)
export const POST = ajax({
  resources: ['ca_reports_view'],
  body: savedReportBody,
  status: 201,
  handler: ({ ctx, body }) => createSavedReport(ctx.principal.companyId, ctx.principal.userId, body),
})
