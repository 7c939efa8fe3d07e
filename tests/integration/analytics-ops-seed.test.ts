/** @jest-environment node */
// The demo seed step of monitors and goals: monitors evaluated once, a resolved alert in the
// history, goals with progress, quickly.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)
import { db } from '@/lib/db/client'
import { makeCompany } from '../helpers/factory'
import { metric } from '../helpers/campaigns-engine-fixture'
import { seedDemoAnalyticsOps } from '@/lib/seed/seed-demo-analytics-ops'
import { listGoals } from '@/lib/goals/list-goals'

test('seeds monitors, an alert and goals that the screens can show', async () => {
  const { id } = await makeCompany()
  await metric(id, 'Placed Order')
  await db.group.create({ data: { id: 'news', companyId: id, name: 'Newsletter' } })
  const now = new Date('2026-11-20T12:00:00Z')
  const r = await seedDemoAnalyticsOps(id, now)
  expect(r).toMatchObject({ monitors: 2, goals: 3 })
  const monitors = await db.monitor.findMany({ where: { companyId: id } })
  expect(monitors.every((m) => m.lastCheckedAt)).toBe(true)
  expect(await db.monitorAlert.count({ where: { companyId: id, resolvedAt: { not: null } } })).toBe(1)
  const goals = await listGoals(id, now)
  expect(goals.map((g) => g.kind).sort()).toEqual(['list_size', 'revenue', 'subscribers'])
})
