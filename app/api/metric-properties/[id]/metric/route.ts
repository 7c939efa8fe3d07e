import { apiRoute } from '@/lib/api/api-route'
import { apiNotFound } from '@/lib/api/api-error'
import { sparseFields } from '@/lib/api/query-params'
import { METRIC_FIELDS, serializeMetric } from '@/lib/api/serialize-metric'
import { db } from '@/lib/db/client'
import { getMetricProperty } from '@/lib/metrics/metric-properties'

// GET /api/metric-properties/{id}/metric – the metric the property belongs to
export const GET = apiRoute({
  scopes: ['metrics:read'],
  rate: 'XS',
  handler: async ({ ctx, params }) => {
    const fields = sparseFields(ctx.url, 'metric', METRIC_FIELDS)
    const p = await getMetricProperty(ctx.companyId, params.id!)
    const metric = p && (await db.metric.findFirst({ where: { companyId: ctx.companyId, id: p.metricId } }))
    if (!metric) throw apiNotFound(`A metric property with id ${params.id} was not found.`)
    return { data: serializeMetric(ctx.url, metric, fields), links: { self: ctx.url.toString() } }
  },
})
