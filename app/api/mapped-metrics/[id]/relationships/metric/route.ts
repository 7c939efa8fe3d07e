import { apiRoute } from '@/lib/api/api-route'
import { getMappedMetric } from '@/lib/metrics/mapped-metrics'

// GET /api/mapped-metrics/{id}/relationships/metric – the id of the metric the figure is mapped to (null: none)
export const GET = apiRoute({
  scopes: ['metrics:read'],
  rate: 'S',
  handler: async ({ ctx, params }) => {
    const m = await getMappedMetric(ctx.companyId, params.id!)
    return { data: m.metricId ? { type: 'metric', id: m.metricId } : null, links: { self: ctx.url.toString() } }
  },
})
