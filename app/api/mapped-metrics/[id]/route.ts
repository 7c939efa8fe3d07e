import { apiRoute } from '@/lib/api/api-route'
import { ApiError } from '@/lib/api/api-error'
import { sparseFields } from '@/lib/api/query-params'
import { MAPPED_METRIC_FIELDS, serializeMappedMetric } from '@/lib/api/serialize-custom-metric'
import { mappedIncluded, mappedMetricPointer, updateMappedMetricBody } from '@/lib/api/mapped-metric-parts'
import { getMappedMetric } from '@/lib/metrics/mapped-metrics'
import { updateMappedMetric } from '@/lib/attribution/update-mapped-metric'

// GET /api/mapped-metrics/{id} – one mapping (revenue is the attribution conversion metric)
export const GET = apiRoute({
  scopes: ['metrics:read'],
  rate: 'S',
  handler: async ({ ctx, params }) => {
    const fields = sparseFields(ctx.url, 'mapped-metric', MAPPED_METRIC_FIELDS)
    const m = await getMappedMetric(ctx.companyId, params.id!)
    const included = await mappedIncluded(ctx.companyId, ctx.url, [m])
    const data = serializeMappedMetric(ctx.url, m, fields)
    return { data, links: { self: data.links.self }, ...(included ? { included } : {}) }
  },
})

// PATCH /api/mapped-metrics/{id} – maps the figure to a metric or a custom metric (neither: unmapped)
export const PATCH = apiRoute({
  scopes: ['metrics:write'],
  rate: { burst: 1, steady: 15, daily: 30 },
  body: updateMappedMetricBody,
  pointerFor: mappedMetricPointer,
  handler: async ({ ctx, body, params }) => {
    if (body.data.id !== params.id)
      throw new ApiError(409, 'conflict', 'The id in the body does not match the id in the URL.', {
        pointer: '/data/id',
      })
    const fields = sparseFields(ctx.url, 'mapped-metric', MAPPED_METRIC_FIELDS)
    const rel = body.data.relationships
    const m = await updateMappedMetric(ctx.companyId, params.id, {
      metricId: rel?.metric?.data?.id ?? null,
      customMetricId: rel?.['custom-metric']?.data?.id ?? null,
    })
    const data = serializeMappedMetric(ctx.url, m, fields)
    return { data, links: { self: data.links.self } }
  },
})
