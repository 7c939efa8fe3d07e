// Deletes a metric with all its events, in one transaction (DELETE /ajax/data/metric/{id}).
import { writeTx } from '@/lib/db/sqlite'
import { forgetMetric } from '@/lib/events/get-or-create-metric'
import { getMetricOrThrow } from './get-metric'

export async function deleteMetric(companyId: number, metricId: string): Promise<{ deletedEvents: number }> {
  const metric = await getMetricOrThrow(companyId, metricId)
  const result = await writeTx((conn) => {
    const events = conn.prepare('DELETE FROM Event WHERE companyId = ? AND metricId = ?').run(companyId, metric.id).changes
    conn.prepare('DELETE FROM Metric WHERE id = ? AND companyId = ?').run(metric.id, companyId)
    return { deletedEvents: events }
  })
  // Ingestion caches metric ids by name: the next event of this name must create a new metric.
  forgetMetric(companyId, metric.name)
  return result
}
