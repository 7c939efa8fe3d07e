// The report builder asks for a property's rollup (lib/metrics/property-rollup.ts) the first time
// a report breaks a metric down by it; the worker makes it, once per property (the job's key),
// and later runs of any report by that property read hours instead of events.
import { read } from '@/lib/db/ops'
import { enqueue, registerJobHandler } from '@/lib/jobs/queue'
import { dimensionStatus, registerPropertyDimension, rollupProperty } from '@/lib/metrics/property-rollup'
import type { EngineQuery } from '@/lib/metrics/run-metric-query'

export const PROPERTY_ROLLUP_JOB = 'metrics.property-rollup'

/** Enqueues the rollup a query could have used, when its property has none yet. */
export async function requestPropertyRollup(q: EngineQuery): Promise<void> {
  const property = rollupProperty(q)
  if (!property) return
  if ((await read(dimensionStatus(q.companyId, q.metricId, property))) !== undefined) return
  await enqueue(
    PROPERTY_ROLLUP_JOB,
    { metricId: q.metricId, property },
    { companyId: q.companyId, idempotencyKey: `${PROPERTY_ROLLUP_JOB}:${q.metricId}:${property}` },
  )
}

export function register(): void {
  registerJobHandler(PROPERTY_ROLLUP_JOB, async (payload: { metricId?: string; property?: string }, ctx) => {
    if (ctx.companyId == null || !payload?.metricId || !payload.property) return
    await registerPropertyDimension(ctx.companyId, payload.metricId, payload.property)
  })
}
