import { apiRoute } from '@/lib/api/api-route'
import { apiNotFound } from '@/lib/api/api-error'
import { findEventOrThrow } from '@/lib/api/events/find-event'
import { sparseFields } from '@/lib/api/query-params'
import { METRIC_FIELDS, serializeMetric } from '@/lib/api/serialize-metric'
import { db } from '@/lib/db/client'

// GET /api/events/{id}/metric – the metric of one event
export const GET = apiRoute({
  scopes: ['events:read', 'metrics:read'],
  rate: 'XL',
  handler: async ({ ctx, params }) => {
    const event = await findEventOrThrow(ctx.companyId, params.id!)
    const metric = await db.metric.findFirst({ where: { companyId: ctx.companyId, id: event.metricId } })
    if (!metric) throw apiNotFound(`The metric of event ${params.id} was not found.`)
    const data = serializeMetric(ctx.url, metric, sparseFields(ctx.url, 'metric', METRIC_FIELDS))
    return { data, links: { self: ctx.url.toString() } }
  },
})
