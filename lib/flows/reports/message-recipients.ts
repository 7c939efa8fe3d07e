// GET /ajax/flow/message/{id}/reports/recipients: the action's Sends, newest first, paged, with
// the profile's email and whether they opened or clicked; filter by send status.
import { scopeRecipients, type ReportPageQuery } from '@/lib/reporting/send-reports'
import { messageScope, scopeOf } from './report-scope'

export { reportPageQuery, type ReportPageQuery } from '@/lib/reporting/send-reports'

export async function messageRecipients(companyId: number, messageId: string, q: ReportPageQuery) {
  return scopeRecipients(scopeOf(await messageScope(companyId, messageId)), q)
}
