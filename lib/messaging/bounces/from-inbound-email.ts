// The inbound endpoint's work: a raw message (an MTA pipe or a forward) parsed and acted on.
// DSNs and ARF reports become delivery reports; "unsubscribe <token>" (the mailto of
// List-Unsubscribe) unsubscribes the token's recipient, but only when that send belongs to
// the company whose endpoint received it.
import { resolveRecipient } from '../unsubscribe/resolve-token'
import { unsubscribeRecipient } from '../unsubscribe/recipient-actions'
import { applyReports, type ApplyResult, type DeliveryReport } from './apply-report'
import { parseInboundEmail } from './parse-report'

export type InboundOutcome =
  | { kind: 'dsn' | 'arf'; results: ApplyResult[] }
  | { kind: 'unsubscribe'; changed: boolean }
  | { kind: 'rejected'; reason: string }

export async function handleInboundEmail(companyId: number, raw: string): Promise<InboundOutcome> {
  const report = parseInboundEmail(raw)
  switch (report.kind) {
    case 'dsn': {
      const reports: DeliveryReport[] = []
      for (const rc of report.recipients) {
        if (!rc.outcome) continue // "delayed": not final, nothing to record
        reports.push({
          companyId,
          source: 'dsn',
          reportKey: `dsn:${report.id}:${rc.email}`,
          kind: rc.outcome === 'hard' ? 'hard_bounce' : rc.outcome === 'soft' ? 'soft_bounce' : 'delivered',
          email: rc.email,
          sendId: report.original.sendId,
          messageId: report.original.messageId,
          status: rc.status,
          detail: rc.diagnostic,
        })
      }
      return { kind: 'dsn', results: await applyReports(reports) }
    }
    case 'arf':
      return {
        kind: 'arf',
        results: await applyReports([
          {
            companyId,
            source: 'arf',
            reportKey: `arf:${report.id}`,
            kind: 'complaint',
            email: report.email,
            sendId: report.original.sendId,
            messageId: report.original.messageId,
            status: report.feedbackType,
          },
        ]),
      }
    case 'unsubscribe': {
      const res = await resolveRecipient(report.token)
      if (!res.ok)
        return {
          kind: 'rejected',
          reason:
            res.reason === 'expired' ? 'The unsubscribe token has expired.' : 'The unsubscribe token is not valid.',
        }
      if (res.recipient.companyId !== companyId)
        return { kind: 'rejected', reason: 'The unsubscribe token is not valid.' }
      const changed = await unsubscribeRecipient(res.recipient, {
        method: 'MAILTO',
        source: report.from ? `mailto from ${report.from}` : 'mailto',
      })
      return { kind: 'unsubscribe', changed }
    }
    case 'unknown':
      return { kind: 'rejected', reason: report.reason }
  }
}
