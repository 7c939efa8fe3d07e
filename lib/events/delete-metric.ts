// Deletes a metric with all its events, in one transaction (DELETE /ajax/data/metric/{id}). Here,
// beside ingest's metric-id cache it clears, so lib/metrics never imports lib/events (issue 30).
import { kysely } from '@/lib/db/kysely'
import { exec, inWriteTx } from '@/lib/db/ops'
import { getMetricOrThrow } from '@/lib/metrics/get-metric'
import { forgetMetric } from './get-or-create-metric'

export async function deleteMetric(companyId: number, metricId: string): Promise<{ deletedEvents: number }> {
  const metric = await getMetricOrThrow(companyId, metricId)
  const result = await inWriteTx(function* () {
    const events = yield* exec(
      kysely().deleteFrom('Event').where('companyId', '=', companyId).where('metricId', '=', metric.id),
    )
    yield* exec(kysely().deleteFrom('Metric').where('id', '=', metric.id).where('companyId', '=', companyId))
    return { deletedEvents: events }
  })
  // Ingestion caches metric ids by name: the next event of this name must create a new metric.
  forgetMetric(companyId, metric.name)
  return result
}
