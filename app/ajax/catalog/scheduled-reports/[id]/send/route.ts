import { ajax } from '@/lib/http/ajax'
import { catalogCall } from '@/lib/catalog/ajax-result'
import { sendScheduledReport } from '@/lib/catalog/reports/scheduled-reports'

// POST /ajax/catalog/scheduled-reports/{id}/send – mails the report now to the account's users → { sent, recipients }
export const POST = ajax({
  resources: ['catalog_read', 'scheduled_reports_read'],
  handler: ({ ctx, params }) => catalogCall(() => sendScheduledReport(ctx.principal.companyId, params.id!)),
})
