import { apiRoute } from '@/lib/api/api-route'
import { findEventOrThrow } from '@/lib/api/events/find-event'

// GET /api/events/{id}/relationships/metric – the id of one event's metric
export const GET = apiRoute({
  scopes: ['events:read', 'metrics:read'],
  rate: 'XL',
  handler: async ({ ctx, params }) => {
    const event = await findEventOrThrow(ctx.companyId, params.id!)
    return { data: { type: 'metric', id: event.metricId }, links: { self: ctx.url.toString() } }
  },
})
