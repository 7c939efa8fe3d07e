// The CSV download of /analytics/deliverability/email/reports: one line per group of a
// dimension with the counts and rates, rates as percentages with two decimals.
import { emailRatesBy, type EmailDimension, type Range } from './email-rates'

const cell = (v: string | number) => {
  const s = String(v)
  // A leading =, +, - or @ would be run as a formula by a spreadsheet.
  const safe = /^[=+\-@]/.test(s) ? `'${s}` : s
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}
const pct = (r: number) => (r * 100).toFixed(2)

export async function emailReportCsv(companyId: number, range: Range, dimension: EmailDimension): Promise<string> {
  const rows = await emailRatesBy(companyId, range, dimension)
  const named = dimension === 'message'
  const head = [
    dimension,
    ...(named ? ['name'] : []),
    'sent',
    'delivered',
    'bounced',
    'hard_bounced',
    'soft_bounced',
    'spam_complaints',
    'unsubscribed',
    'delivery_rate_pct',
    'bounce_rate_pct',
    'spam_rate_pct',
    'unsubscribe_rate_pct',
  ]
  const lines = rows.map((r) =>
    [
      r.key,
      ...(named ? [r.label ?? r.key] : []),
      r.sent,
      r.delivered,
      r.bounced,
      r.hardBounced,
      r.softBounced,
      r.spam,
      r.unsubscribed,
      pct(r.rates.deliveryRate),
      pct(r.rates.bounceRate),
      pct(r.rates.spamRate),
      pct(r.rates.unsubscribeRate),
    ]
      .map(cell)
      .join(','),
  )
  return [head.join(','), ...lines].join('\r\n') + '\r\n'
}
