import { ajax } from '@/lib/http/ajax'
import { listMetricDimensions } from '@/lib/metrics/list-metric-dimensions'
import { metricIdParam } from '@/lib/metrics/ajax-inputs'

// GET /ajax/data/metric/{id}/dimensions – property names of recent events as [value, label, type] triples
export const GET = ajax({
  resources: ['metrics_read'],
  handler: ({ ctx, params }) => listMetricDimensions(ctx.principal.companyId, metricIdParam(params.id)),
})
