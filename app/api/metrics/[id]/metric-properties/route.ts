import { apiRoute } from '@/lib/api/api-route'
import { enumList, sparseFields } from '@/lib/api/query-params'
import { METRIC_PROPERTY_FIELDS, serializeMetricProperty } from '@/lib/api/serialize-metric-property'
import { listMetricProperties, sampleValues } from '@/lib/metrics/metric-properties'

// GET /api/metrics/{id}/metric-properties – the properties the metric's events carry, with their inferred types
export const GET = apiRoute({
  scopes: ['metrics:read'],
  rate: 'XS',
  handler: async ({ ctx, params }) => {
    const fields = sparseFields(ctx.url, 'metric-property', METRIC_PROPERTY_FIELDS)
    const withSamples = enumList(ctx.url, 'additional-fields[metric-property]', ['sample_values'] as const).includes(
      'sample_values',
    )
    const props = await listMetricProperties(ctx.companyId, params.id!)
    const samples = withSamples && props.length ? await sampleValues(ctx.companyId, props[0]!.metricId, props) : null
    const data = props.map((p) =>
      serializeMetricProperty(ctx.url, p, { fields, sampleValues: samples?.get(p.property) }),
    )
    return { data, links: { self: ctx.url.toString(), next: null, prev: null } }
  },
})
