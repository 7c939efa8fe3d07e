import { apiRoute } from '@/lib/api/api-route'
import { apiNotFound } from '@/lib/api/api-error'
import { sparseFields } from '@/lib/api/query-params'
import { METRIC_FIELDS, serializeMetric } from '@/lib/api/serialize-metric'
import { db } from '@/lib/db/client'

// GET /api/metrics/{id} – one metric of the account
export const GET = apiRoute({
  scopes: ['metrics:read'],
  rate: 'M',
  handler: async ({ ctx, params }) => {
    const metric = await db.metric.findFirst({ where: { id: params.id, companyId: ctx.companyId } })
    if (!metric) throw apiNotFound(`A metric with id ${params.id} was not found.`)
    const data = serializeMetric(ctx.url, metric, sparseFields(ctx.url, 'metric', METRIC_FIELDS))
    return { data, links: { self: data.links.self } }
  },
})
