import { apiRoute } from '@/lib/api/api-route'
import { enumList, sparseFields } from '@/lib/api/query-params'
import { CUSTOM_METRIC_FIELDS, serializeCustomMetric } from '@/lib/api/serialize-custom-metric'
import {
  CUSTOM_METRIC_WRITE_RATE,
  createCustomMetricBody,
  includedMetrics,
  metricIdsOfAll,
} from '@/lib/api/custom-metric-parts'
import { listCustomMetrics } from '@/lib/metrics/custom-metrics/get-custom-metrics'
import { createCustomMetric } from '@/lib/metrics/custom-metrics/save-custom-metric'

// GET /api/custom-metrics – the account's custom metrics (include=metrics)
export const GET = apiRoute({
  scopes: ['metrics:read'],
  rate: 'S',
  handler: async ({ ctx }) => {
    const fields = sparseFields(ctx.url, 'custom-metric', CUSTOM_METRIC_FIELDS)
    const include = enumList(ctx.url, 'include', ['metrics'] as const)
    const rows = await listCustomMetrics(ctx.companyId)
    const body: Record<string, unknown> = {
      data: rows.map((m) => serializeCustomMetric(ctx.url, m, fields)),
      links: { self: ctx.url.toString(), next: null, prev: null },
    }
    if (include.includes('metrics')) body.included = await includedMetrics(ctx.companyId, ctx.url, metricIdsOfAll(rows))
    return body
  },
})

// POST /api/custom-metrics – creates a custom metric: a name and metrics combined, counted or summed (201)
export const POST = apiRoute({
  scopes: ['metrics:write'],
  rate: CUSTOM_METRIC_WRITE_RATE,
  body: createCustomMetricBody,
  status: 201,
  handler: async ({ ctx, body }) => {
    const fields = sparseFields(ctx.url, 'custom-metric', CUSTOM_METRIC_FIELDS)
    const m = await createCustomMetric(ctx.companyId, body.data.attributes)
    const data = serializeCustomMetric(ctx.url, m, fields)
    return { data, links: { self: data.links.self } }
  },
})
