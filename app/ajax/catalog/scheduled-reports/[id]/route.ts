import { ajax } from '@/lib/http/ajax'
import { catalogCall } from '@/lib/catalog/ajax-result'
import { jsonBody } from '@/lib/catalog/sources/ajax'
import { deleteScheduledReport, editScheduledReport } from '@/lib/catalog/reports/scheduled-reports'

// POST /ajax/catalog/scheduled-reports/{id} – edit (the same fields as add)
export const POST = ajax({
  resources: ['catalog_read', 'catalog_write', 'scheduled_reports_read'],
  handler: ({ ctx, params }) =>
    catalogCall(async () => ({
      report: await editScheduledReport(ctx.principal.companyId, params.id!, await jsonBody(ctx.req)),
    })),
})

// DELETE /ajax/catalog/scheduled-reports/{id}
export const DELETE = ajax({
  resources: ['catalog_read', 'catalog_write', 'scheduled_reports_read'],
  handler: ({ ctx, params }) =>
    catalogCall(async () => {
      await deleteScheduledReport(ctx.principal.companyId, params.id!)
      return {}
    }),
})
