import { ajax } from '@/lib/http/ajax'
import { listReportLibrary } from '@/lib/analytics/report-library'

// GET /ajax/analytics/library – the ready-made reports, with the account's metric ids filled in
export const GET = ajax({
  resources: ['ca_reports_view'],
  handler: async ({ ctx }) => ({ entries: await listReportLibrary(ctx.principal.companyId) }),
})
