import { apiRoute } from '@/lib/api/api-route'
import { getMappedMetric } from '@/lib/metrics/mapped-metrics'

// GET /api/mapped-metrics/{id}/relationships/custom-metric – the id of the custom metric the figure is mapped to (null: none)
export const GET = apiRoute({
  scopes: ['metrics:read'],
  rate: 'S',
  handler: async ({ ctx, params }) => {
    const m = await getMappedMetric(ctx.companyId, params.id!)
    return {
      data: m.customMetricId ? { type: 'custom-metric', id: m.customMetricId } : null,
      links: { self: ctx.url.toString() },
    }
  },
})
