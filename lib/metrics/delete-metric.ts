// Deletes a metric with all its events, in one transaction (DELETE /ajax/data/metric/{id}).
import { kysely } from '@/lib/db/kysely'
import { exec, inWriteTx } from '@/lib/db/ops'
import { forgetMetric } from '@/lib/events/get-or-create-metric'
import { getMetricOrThrow } from './get-metric'

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
