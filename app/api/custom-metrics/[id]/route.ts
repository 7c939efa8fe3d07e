import { apiRoute } from '@/lib/api/api-route'
import { ApiError, apiNotFound } from '@/lib/api/api-error'
import { enumList, sparseFields } from '@/lib/api/query-params'
import { CUSTOM_METRIC_FIELDS, serializeCustomMetric } from '@/lib/api/serialize-custom-metric'
import { CUSTOM_METRIC_WRITE_RATE, includedMetrics, updateCustomMetricBody } from '@/lib/api/custom-metric-parts'
import { metricIdsOf } from '@/lib/metrics/custom-metrics/definition'
import { getCustomMetric } from '@/lib/metrics/custom-metrics/get-custom-metrics'
import { deleteCustomMetric, updateCustomMetric } from '@/lib/metrics/custom-metrics/save-custom-metric'

// GET /api/custom-metrics/{id} – one custom metric (include=metrics)
export const GET = apiRoute({
  scopes: ['metrics:read'],
  rate: 'S',
  handler: async ({ ctx, params }) => {
    const fields = sparseFields(ctx.url, 'custom-metric', CUSTOM_METRIC_FIELDS)
    const include = enumList(ctx.url, 'include', ['metrics'] as const)
    const m = await getCustomMetric(ctx.companyId, params.id!)
    if (!m) throw apiNotFound(`A custom metric with id ${params.id} was not found.`)
    const data = serializeCustomMetric(ctx.url, m, fields)
    if (!include.includes('metrics')) return { data, links: { self: data.links.self } }
    return {
      data,
      links: { self: data.links.self },
      included: await includedMetrics(ctx.companyId, ctx.url, metricIdsOf(m.definition)),
    }
  },
})

// PATCH /api/custom-metrics/{id} – renames it or replaces its definition
export const PATCH = apiRoute({
  scopes: ['metrics:write'],
  rate: CUSTOM_METRIC_WRITE_RATE,
  body: updateCustomMetricBody,
  handler: async ({ ctx, body, params }) => {
    if (body.data.id !== params.id)
      throw new ApiError(409, 'conflict', 'The id in the body does not match the id in the URL.', {
        pointer: '/data/id',
      })
    const fields = sparseFields(ctx.url, 'custom-metric', CUSTOM_METRIC_FIELDS)
    const m = await updateCustomMetric(ctx.companyId, params.id, body.data.attributes)
    const data = serializeCustomMetric(ctx.url, m, fields)
    return { data, links: { self: data.links.self } }
  },
})

// DELETE /api/custom-metrics/{id} – deletes it, and unmaps it where it was a mapped metric (204)
export const DELETE = apiRoute({
  scopes: ['metrics:write'],
  rate: 'XS',
  status: 204,
  handler: async ({ ctx, params }) => {
    await deleteCustomMetric(ctx.companyId, params.id!)
  },
})
