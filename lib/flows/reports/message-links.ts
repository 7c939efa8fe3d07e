// GET /ajax/flow/message/{id}/reports/links: clicks per URL (total and unique people), most
// clicked first; link/who: the people who clicked one URL (lib/reporting/send-reports.ts).
import { scopeLinkClickers, scopeLinks, type LinkWhoQuery } from '@/lib/reporting/send-reports'
import { messageScope, scopeOf } from './report-scope'

export async function messageLinks(companyId: number, messageId: string) {
  return scopeLinks(scopeOf(await messageScope(companyId, messageId)))
}

export async function messageLinkClickers(companyId: number, messageId: string, q: LinkWhoQuery) {
  return scopeLinkClickers(scopeOf(await messageScope(companyId, messageId)), q)
}
