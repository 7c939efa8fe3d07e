import { ajax } from '@/lib/http/ajax'
import { catalogCall } from '@/lib/catalog/ajax-result'
import { sendReportNow } from '@/lib/catalog/reports/send-report-now'

// POST /ajax/catalog/scheduled-reports/{id}/send – mails the report now to the account's users → { sent, recipients }
// Mailing the whole team is an action, not a read: it takes catalog_write, which an Analyst lacks.
export const POST = ajax({
  resources: ['catalog_read', 'catalog_write', 'scheduled_reports_read'],
  handler: ({ ctx, params }) => catalogCall(() => sendReportNow(ctx.principal.companyId, params.id!)),
})
