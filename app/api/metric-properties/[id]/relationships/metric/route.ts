import { apiRoute } from '@/lib/api/api-route'
import { apiNotFound } from '@/lib/api/api-error'
import { getMetricProperty } from '@/lib/metrics/metric-properties'

// GET /api/metric-properties/{id}/relationships/metric – the id of the property's metric
export const GET = apiRoute({
  scopes: ['metrics:read'],
  rate: 'XS',
  handler: async ({ ctx, params }) => {
    const p = await getMetricProperty(ctx.companyId, params.id!)
    if (!p) throw apiNotFound(`A metric property with id ${params.id} was not found.`)
    return { data: { type: 'metric', id: p.metricId }, links: { self: ctx.url.toString() } }
  },
})
