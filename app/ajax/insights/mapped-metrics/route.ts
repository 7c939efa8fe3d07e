import { ajax } from '@/lib/http/ajax'
import { listMappedMetrics } from '@/lib/metrics/mapped-metrics'
import { updateMappedMetric } from '@/lib/attribution/update-mapped-metric'
import { mappingBody } from '@/lib/insights/metric-admin-inputs'

// GET /ajax/insights/mapped-metrics – which metric each business figure (revenue, carts …) reads
export const GET = ajax({
  resources: ['metric_mapping_read'],
  handler: async ({ ctx }) => ({ mappings: await listMappedMetrics(ctx.principal.companyId) }),
})

// PUT /ajax/insights/mapped-metrics – map one figure to a metric or a custom metric (or unmap it)
export const PUT = ajax({
  resources: ['metric_mapping_read', 'custom_metrics_write'],
  body: mappingBody,
  handler: ({ ctx, body }) =>
    updateMappedMetric(ctx.principal.companyId, body.kind, {
      metricId: body.metricId ?? null,
      customMetricId: body.customMetricId ?? null,
    }),
})
