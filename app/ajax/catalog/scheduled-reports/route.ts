import { ajax } from '@/lib/http/ajax'
import { catalogCall } from '@/lib/catalog/ajax-result'
import { jsonBody } from '@/lib/catalog/sources/ajax'
import { addScheduledReport, listScheduledReports } from '@/lib/catalog/reports/scheduled-reports'

// GET /ajax/catalog/scheduled-reports – the account's scheduled catalog reports
export const GET = ajax({
  resources: ['catalog_read', 'scheduled_reports_read'],
  handler: ({ ctx }) => catalogCall(async () => ({ reports: await listScheduledReports(ctx.principal.companyId) })),
})

// POST /ajax/catalog/scheduled-reports – add { name, kind: back_in_stock|price_drop|low_inventory, flowId?, frequency: daily|weekly|monthly }
export const POST = ajax({
  resources: ['catalog_read', 'catalog_write', 'scheduled_reports_read'],
  handler: ({ ctx }) =>
    catalogCall(async () => ({ report: await addScheduledReport(ctx.principal.companyId, await jsonBody(ctx.req)) })),
})
