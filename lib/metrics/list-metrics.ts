// The metric list with event counts and the last event time (GET /ajax/data/metrics).
import { db } from '@/lib/db/client'
import { prep } from '@/lib/db/sqlite'

export async function listMetrics(companyId: number, opts: { search?: string } = {}) {
  const search = opts.search?.trim()
  const metrics = await db.metric.findMany({
    where: { companyId, ...(search ? { name: { contains: search } } : {}) },
    orderBy: { name: 'asc' },
    take: 1000,
  })
  // One pass over the (companyId, metricId, ts) index, already in metricId order: no sort.
  const stats = new Map(
    (prep('SELECT metricId, COUNT(*) AS n, MAX(ts) AS last FROM Event WHERE companyId = ? GROUP BY metricId').all(companyId) as Array<{
      metricId: string; n: number; last: number
    }>).map((s) => [s.metricId, s]),
  )
  return {
    metrics: metrics.map((m) => {
      const s = stats.get(m.id)
      return {
        id: m.id, name: m.name, integration: m.integration, integrationCategory: m.integrationCategory,
        createdAt: m.createdAt.toISOString(), updatedAt: m.updatedAt.toISOString(),
        eventCount: s?.n ?? 0, lastEventAt: s ? new Date(s.last * 1000).toISOString() : null,
      }
    }),
  }
}
