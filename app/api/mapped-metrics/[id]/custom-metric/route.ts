import { apiRoute } from '@/lib/api/api-route'
import { sparseFields } from '@/lib/api/query-params'
import { CUSTOM_METRIC_FIELDS, serializeCustomMetric } from '@/lib/api/serialize-custom-metric'
import { mappedMetricTarget } from '@/lib/api/mapped-metric-parts'
import type { CustomMetricRow } from '@/lib/metrics/custom-metrics/definition'
import { getMappedMetric } from '@/lib/metrics/mapped-metrics'

// GET /api/mapped-metrics/{id}/custom-metric – the custom metric the figure is mapped to
export const GET = apiRoute({
  scopes: ['metrics:read'],
  rate: 'S',
  handler: async ({ ctx, params }) => {
    const fields = sparseFields(ctx.url, 'custom-metric', CUSTOM_METRIC_FIELDS)
    const custom = (await mappedMetricTarget(
      ctx.companyId,
      await getMappedMetric(ctx.companyId, params.id!),
      'custom-metric',
    )) as CustomMetricRow | null
    return { data: custom ? serializeCustomMetric(ctx.url, custom, fields) : null, links: { self: ctx.url.toString() } }
  },
})
