import { apiRoute } from '@/lib/api/api-route'
import { apiNotFound } from '@/lib/api/api-error'
import { includedMetrics } from '@/lib/api/custom-metric-parts'
import { metricIdsOf } from '@/lib/metrics/custom-metrics/definition'
import { getCustomMetric } from '@/lib/metrics/custom-metrics/get-custom-metrics'

// GET /api/custom-metrics/{id}/metrics – the metrics the custom metric combines
export const GET = apiRoute({
  scopes: ['metrics:read'],
  rate: 'S',
  handler: async ({ ctx, params }) => {
    const m = await getCustomMetric(ctx.companyId, params.id!)
    if (!m) throw apiNotFound(`A custom metric with id ${params.id} was not found.`)
    return {
      data: await includedMetrics(ctx.companyId, ctx.url, metricIdsOf(m.definition)),
      links: { self: ctx.url.toString(), next: null, prev: null },
    }
  },
})
