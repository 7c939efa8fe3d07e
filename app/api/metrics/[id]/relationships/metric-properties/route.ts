import { apiRoute } from '@/lib/api/api-route'
import { listMetricProperties } from '@/lib/metrics/metric-properties'

// GET /api/metrics/{id}/relationships/metric-properties – the ids of the metric's properties
export const GET = apiRoute({
  scopes: ['metrics:read'],
  rate: 'XS',
  handler: async ({ ctx, params }) => {
    const props = await listMetricProperties(ctx.companyId, params.id!)
    return {
      data: props.map((p) => ({ type: 'metric-property', id: p.id })),
      links: { self: ctx.url.toString(), next: null, prev: null },
    }
  },
})
