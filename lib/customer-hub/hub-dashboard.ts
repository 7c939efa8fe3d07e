// The merchant's hub dashboard: signed-in visits and sign-ins (their events, which outlive the
// pruned session rows) and returns started over the last N days, all counted in the company's rows.
import { db } from '@/lib/db/client'
import { SIGNED_IN_HUB, VIEWED_HUB } from './record-hub-visit'

async function countEvents(companyId: number, name: string, since: Date) {
  const metric = await db.metric.findFirst({ where: { companyId, name }, select: { id: true } })
  if (!metric) return 0
  return db.event.count({ where: { companyId, metricId: metric.id, ts: { gte: Math.floor(since.getTime() / 1000) } } })
}

export async function hubDashboard(companyId: number, days: number, now = new Date()) {
  const since = new Date(now.getTime() - days * 86_400_000)
  const [visits, signIns, returnsStarted] = await Promise.all([
    countEvents(companyId, VIEWED_HUB, since),
    countEvents(companyId, SIGNED_IN_HUB, since),
    db.hubReturnRequest.count({ where: { companyId, createdAt: { gte: since } } }),
  ])
  return { days, visits, signIns, returnsStarted }
}
