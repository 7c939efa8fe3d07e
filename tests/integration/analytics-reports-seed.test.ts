/** @jest-environment node */
// The demo's saved reports and custom dashboard (lib/seed/seed-demo-reports.ts): library reports
// whose metrics the account has, one on a weekly schedule to the owner, and a dashboard whose
// cards all compute.
import { useTestDatabase } from '@/tests/helpers/test-db'
useTestDatabase()
jest.setTimeout(30_000)
import { db } from '@/lib/db/client'
import { seedDemoReports } from '@/lib/seed/seed-demo-reports'
import { getDashboard } from '@/lib/analytics/dashboards'
import { cardData } from '@/lib/analytics/card-data'
import { makeUser } from '@/tests/helpers/factory'
import { makeMetricsFixture } from './metrics-fixture'

test('saved reports from the library and a dashboard whose cards compute', async () => {
  const fx = await makeMetricsFixture()
  const owner = await makeUser({ companyId: fx.company.id, role: 'owner' })
  const now = new Date('2024-03-20T12:00:00Z')
  const r = await seedDemoReports(fx.company.id, owner.email, now)
  // The fixture has Placed Order but no Ordered Product: that library report is left out.
  expect(r.reports).toBe(2)
  const saved = await db.savedReport.findMany({ where: { companyId: fx.company.id }, orderBy: { name: 'desc' } })
  expect(saved.map((s) => [s.name, s.schedule, JSON.parse(s.recipients)])).toEqual([
    ['Revenue by campaign', 'weekly', [owner.email]],
    ['Flow emails by subject', 'none', []],
  ])
  expect(saved[0]!.nextRunAt).toEqual(new Date('2024-03-21T00:00:00Z'))
  const d = await db.dashboard.findFirstOrThrow({ where: { companyId: fx.company.id } })
  const full = await getDashboard(fx.company.id, d.id)
  expect(full.cards!.map((c) => c.spec.kind)).toEqual([
    'campaign_figures',
    'campaign_figures',
    'attributed_revenue',
    'list_growth',
    'saved_report',
  ])
  const c = { companyId: fx.company.id, userId: owner.id, timeZone: 'UTC', now }
  for (const card of full.cards!) expect((await cardData(c, card.spec)).type).not.toBe('empty')
})
