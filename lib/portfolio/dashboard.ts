// GET /ajax/portfolio/{id}/dashboard and its CSV (/portfolio/dashboard/downloads): the visible
// accounts' figures side by side with totals. Revenue is totalled per currency: adding dollars
// to euros would be a number that means nothing.
import { z } from 'zod'
import { portfolioScope } from './access'
import { accountFigures, periodOf, PERIOD_DAYS, type AccountFigures } from './account-figures'

export const dashboardQuery = z.object({
  days: z.coerce
    .number()
    .int()
    .refine((d) => (PERIOD_DAYS as readonly number[]).includes(d), 'Choose 7, 30, 90 or 365 days.')
    .default(30),
})

export async function portfolioDashboard(userId: number, portfolioId: number, days: number, now = new Date()) {
  const { portfolio, accounts } = await portfolioScope(userId, portfolioId)
  const period = periodOf(days, now)
  const figures = await accountFigures(
    accounts.map((a) => a.companyId),
    period,
  )
  const rows = accounts.map((a, i) => ({ ...a, figures: figures[i]! }))
  const revenueByCurrency: Record<string, number> = {}
  for (const r of rows) revenueByCurrency[r.currency] = (revenueByCurrency[r.currency] ?? 0) + r.figures.revenue
  const sum = (f: (x: AccountFigures) => number) => rows.reduce((s, r) => s + f(r.figures), 0)
  const sent = sum((f) => f.deliverability.sent)
  const rate = (n: number) => (sent ? n / sent : 0)
  return {
    portfolio: { id: portfolio.id, name: portfolio.name },
    days,
    from: period.from.toISOString(),
    to: period.to.toISOString(),
    accounts: rows,
    totals: {
      revenueByCurrency,
      conversions: sum((f) => f.conversions),
      sends: sum((f) => f.sends.total),
      listJoined: sum((f) => f.listGrowth.joined),
      listLeft: sum((f) => f.listGrowth.left),
      listNet: sum((f) => f.listGrowth.net),
      profiles: sum((f) => f.profiles),
      newProfiles: sum((f) => f.newProfiles),
      deliveryRate: rate(sum((f) => f.deliverability.delivered)),
      bounceRate: rate(sum((f) => f.deliverability.bounced)),
      spamRate: rate(sum((f) => f.deliverability.spam)),
      unsubscribeRate: rate(sum((f) => f.deliverability.unsubscribed)),
    },
  }
}

/** A cell for a spreadsheet: quoted when needed, and a leading = + - @ neutralised (CSV formula injection). */
export function csvCell(v: string | number): string {
  let s = String(v)
  if (typeof v === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s
}

const HEADER = [
  'Account',
  'Account id',
  'Currency',
  'Revenue attributed',
  'Conversions',
  'Email sends',
  'SMS sends',
  'Other sends',
  'List joined',
  'List left',
  'List net',
  'Profiles',
  'New profiles',
  'Delivery rate',
  'Bounce rate',
  'Spam rate',
  'Unsubscribe rate',
]

export async function portfolioDashboardCsv(userId: number, portfolioId: number, days: number, now = new Date()) {
  const d = await portfolioDashboard(userId, portfolioId, days, now)
  const pct = (x: number) => (x * 100).toFixed(2)
  const lines = [HEADER.join(',')]
  for (const a of d.accounts) {
    const f = a.figures
    lines.push(
      [
        a.name,
        a.companyId,
        a.currency,
        f.revenue.toFixed(2),
        f.conversions,
        f.sends.email,
        f.sends.sms,
        f.sends.other,
        f.listGrowth.joined,
        f.listGrowth.left,
        f.listGrowth.net,
        f.profiles,
        f.newProfiles,
        pct(f.rates.deliveryRate),
        pct(f.rates.bounceRate),
        pct(f.rates.spamRate),
        pct(f.rates.unsubscribeRate),
      ]
        .map(csvCell)
        .join(','),
    )
  }
  const filename = `portfolio-${d.portfolio.id}-last-${days}-days.csv`
  return { filename, body: lines.join('\r\n') + '\r\n' }
}
