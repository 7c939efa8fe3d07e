import { apiRoute } from '@/lib/api/api-route'
import { apiNotFound } from '@/lib/api/api-error'
import { enumList, sparseFields } from '@/lib/api/query-params'
import { METRIC_FIELDS, serializeMetric } from '@/lib/api/serialize-metric'
import { METRIC_PROPERTY_FIELDS, serializeMetricProperty } from '@/lib/api/serialize-metric-property'
import { db } from '@/lib/db/client'
import { getMetricProperty, sampleValues } from '@/lib/metrics/metric-properties'

// GET /api/metric-properties/{id} – one property of a metric with its inferred type (include=metric, sample_values)
export const GET = apiRoute({
  scopes: ['metrics:read'],
  rate: 'XS',
  handler: async ({ ctx, params }) => {
    const fields = sparseFields(ctx.url, 'metric-property', METRIC_PROPERTY_FIELDS)
    const metricFields = sparseFields(ctx.url, 'metric', METRIC_FIELDS)
    const include = enumList(ctx.url, 'include', ['metric'] as const)
    const additional = enumList(ctx.url, 'additional-fields[metric-property]', ['sample_values'] as const)
    const p = await getMetricProperty(ctx.companyId, params.id!)
    if (!p) throw apiNotFound(`A metric property with id ${params.id} was not found.`)
    const samples = additional.includes('sample_values')
      ? (await sampleValues(ctx.companyId, p.metricId, [p])).get(p.property)
      : undefined
    const data = serializeMetricProperty(ctx.url, p, { fields, sampleValues: samples })
    if (!include.includes('metric')) return { data, links: { self: data.links.self } }
    const metric = await db.metric.findFirst({ where: { companyId: ctx.companyId, id: p.metricId } })
    return {
      data,
      links: { self: data.links.self },
      included: metric ? [serializeMetric(ctx.url, metric, metricFields)] : [],
    }
  },
})
