// GET /ajax/flow/message/{id}/reports/deliverability: the action's sends by status, skipped and
// failed ones by reason, the delivery reports (hard and soft bounces, spam complaints, drops)
// of those sends by kind, and the recipients' mailbox domains.
import { scopeDeliverability } from '@/lib/reporting/send-reports'
import { messageScope, scopeOf } from './report-scope'

export async function messageDeliverability(companyId: number, messageId: string) {
  return scopeDeliverability(scopeOf(await messageScope(companyId, messageId)))
}
