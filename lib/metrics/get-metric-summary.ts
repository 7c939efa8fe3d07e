// One metric with its event count and first and last event times (GET /ajax/data/metric/{id}).
import { prep } from '@/lib/db/sqlite'
import { getMetricOrThrow } from './get-metric'

export async function getMetricSummary(companyId: number, id: string) {
  const m = await getMetricOrThrow(companyId, id)
  const s = prep('SELECT COUNT(*) AS n, MIN(ts) AS first, MAX(ts) AS last FROM Event WHERE companyId = ? AND metricId = ?').get(companyId, m.id) as {
    n: number; first: number | null; last: number | null
  }
  const iso = (t: number | null) => (t == null ? null : new Date(t * 1000).toISOString())
  return {
    metric: {
      id: m.id, name: m.name, integration: m.integration, integrationCategory: m.integrationCategory,
      createdAt: m.createdAt.toISOString(), updatedAt: m.updatedAt.toISOString(),
      eventCount: s.n, firstEventAt: iso(s.first), lastEventAt: iso(s.last),
    },
  }
}
