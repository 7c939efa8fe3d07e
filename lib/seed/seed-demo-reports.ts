// Issue 23 §1 demo data: saved reports from the report library (one mailed weekly to the
// owner, so the schedule and the history have something to show) and a custom dashboard beside
// the default one, which the first visit to /dashboard/analytics creates.
import { db } from '@/lib/db/client'
import { addCard, createDashboard } from '@/lib/analytics/dashboards'
import { listReportLibrary } from '@/lib/analytics/report-library'
import { createSavedReport } from '@/lib/analytics/saved-reports'

const REPORTS = [
  { key: 'revenue_by_campaign', name: 'Revenue by campaign', weekly: true },
  { key: 'orders_by_product', name: 'Orders by product', weekly: false },
  { key: 'flow_performance_by_message', name: 'Flow emails by subject', weekly: false },
]

export async function seedDemoReports(companyId: number, ownerEmail: string, now = new Date()) {
  const started = Date.now()
  const owner = await db.user.findFirst({ where: { email: ownerEmail }, select: { id: true } })
  const library = new Map((await listReportLibrary(companyId)).map((e) => [e.key, e.definition]))
  let reports = 0
  let firstReportId: string | null = null
  for (const r of REPORTS) {
    const definition = library.get(r.key)
    if (!definition) continue
    const saved = await createSavedReport(
      companyId,
      owner?.id ?? null,
      {
        name: r.name,
        definition,
        schedule: r.weekly ? 'weekly' : 'none',
        recipients: r.weekly && owner ? [ownerEmail] : [],
      },
      now,
    )
    firstReportId ??= saved.id
    reports++
  }
  const dashboard = await createDashboard(companyId, owner?.id ?? null, { name: 'Campaign performance' }, now)
  const c = { companyId, userId: owner?.id ?? null, timeZone: 'UTC', now }
  const cards = [
    { kind: 'campaign_figures', title: 'Email campaigns, last 30 days', config: { channel: 'email' }, width: 2 },
    { kind: 'campaign_figures', title: 'SMS campaigns, last 30 days', config: { channel: 'sms' }, width: 2 },
    {
      kind: 'attributed_revenue',
      title: 'Attributed revenue, last 90 days',
      config: {},
      timeframe: 'last_90_days',
      width: 2,
    },
    { kind: 'list_growth', title: 'List growth, last 90 days', config: {}, timeframe: 'last_90_days', width: 2 },
    ...(firstReportId
      ? [
          {
            kind: 'saved_report',
            title: 'Revenue by campaign',
            config: { reportId: firstReportId },
            timeframe: 'last_90_days',
            width: 4,
          },
        ]
      : []),
  ]
  for (const card of cards) await addCard(c, dashboard.id, card)
  return { reports, dashboards: 1, cards: cards.length, ms: Date.now() - started }
}
