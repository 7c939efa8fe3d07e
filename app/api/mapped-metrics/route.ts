import { apiRoute } from '@/lib/api/api-route'
import { sparseFields } from '@/lib/api/query-params'
import { MAPPED_METRIC_FIELDS, serializeMappedMetric } from '@/lib/api/serialize-custom-metric'
import { mappedIncluded } from '@/lib/api/mapped-metric-parts'
import { listMappedMetrics } from '@/lib/metrics/mapped-metrics'

// GET /api/mapped-metrics – what the reports read for revenue, placed orders, checkouts and so on (include=metric,custom-metric)
export const GET = apiRoute({
  scopes: ['metrics:read'],
  rate: 'S',
  handler: async ({ ctx }) => {
    const fields = sparseFields(ctx.url, 'mapped-metric', MAPPED_METRIC_FIELDS)
    const rows = await listMappedMetrics(ctx.companyId)
    const included = await mappedIncluded(ctx.companyId, ctx.url, rows)
    return {
      data: rows.map((m) => serializeMappedMetric(ctx.url, m, fields)),
      links: { self: ctx.url.toString(), next: null, prev: null },
      ...(included ? { included } : {}),
    }
  },
})
