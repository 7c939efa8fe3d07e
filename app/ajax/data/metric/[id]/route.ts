import { ajax } from '@/lib/http/ajax'
import { getMetricSummary } from '@/lib/metrics/get-metric-summary'
import { deleteMetric } from '@/lib/events/delete-metric'
import { metricIdParam } from '@/lib/metrics/ajax-inputs'

// GET /ajax/data/metric/{id} – one metric with its event count and first and last event times
export const GET = ajax({
  resources: ['metrics_read'],
  handler: ({ ctx, params }) => getMetricSummary(ctx.principal.companyId, metricIdParam(params.id)),
})

// DELETE /ajax/data/metric/{id} – deletes the metric and all its events
export const DELETE = ajax({
  resources: ['custom_metrics_write'],
  handler: ({ ctx, params }) => deleteMetric(ctx.principal.companyId, metricIdParam(params.id)),
})
