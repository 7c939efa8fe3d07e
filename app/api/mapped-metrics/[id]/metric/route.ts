import type { Metric } from '@/generated/prisma/client'
import { apiRoute } from '@/lib/api/api-route'
import { sparseFields } from '@/lib/api/query-params'
import { METRIC_FIELDS, serializeMetric } from '@/lib/api/serialize-metric'
import { mappedMetricTarget } from '@/lib/api/mapped-metric-parts'
import { getMappedMetric } from '@/lib/metrics/mapped-metrics'

// GET /api/mapped-metrics/{id}/metric – the metric the figure is mapped to
export const GET = apiRoute({
  scopes: ['metrics:read'],
  rate: 'S',
  handler: async ({ ctx, params }) => {
    const fields = sparseFields(ctx.url, 'metric', METRIC_FIELDS)
    const metric = (await mappedMetricTarget(
      ctx.companyId,
      await getMappedMetric(ctx.companyId, params.id!),
      'metric',
    )) as Metric | null
    return { data: metric ? serializeMetric(ctx.url, metric, fields) : null, links: { self: ctx.url.toString() } }
  },
})
