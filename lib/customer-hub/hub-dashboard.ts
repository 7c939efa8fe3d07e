// The merchant's hub dashboard: signed-in visits (Viewed Customer Hub events), sign-ins (hub
// sessions opened) and returns started over the last N days, all counted in the company's rows.
import { db } from '@/lib/db/client'
import { VIEWED_HUB } from './record-hub-visit'

export async function hubDashboard(companyId: number, days: number, now = new Date()) {
  const since = new Date(now.getTime() - days * 86_400_000)
  const metric = await db.metric.findFirst({ where: { companyId, name: VIEWED_HUB }, select: { id: true } })
  const [visits, signIns, returnsStarted] = await Promise.all([
    metric
      ? db.event.count({ where: { companyId, metricId: metric.id, ts: { gte: Math.floor(since.getTime() / 1000) } } })
      : 0,
    db.hubSession.count({ where: { companyId, createdAt: { gte: since } } }),
    db.hubReturnRequest.count({ where: { companyId, createdAt: { gte: since } } }),
  ])
  return { days, visits, signIns, returnsStarted }
}
