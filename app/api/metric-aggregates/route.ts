import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import { apiRoute } from '@/lib/api/api-route'
import { pointerBelow } from '@/lib/api/api-error'
import { propertyNameSchema } from '@/lib/db/json-path'
import { parseAggregateFilter } from '@/lib/api/metrics/aggregate-filter'
import { nextLink } from '@/lib/api/cursor'
import { queryMetricAggregates } from '@/lib/metrics/query-metric-aggregates'

const queryMetricAggregatesBody = z.object({
  data: z.object({
    type: z.literal('metric-aggregate'),
    attributes: z.object({
      metric_id: z.string().min(1),
      measurements: z.array(z.enum(['count', 'sum_value', 'unique'])).min(1),
      interval: z.enum(['hour', 'day', 'week', 'month']).nullable().optional(),
      page_size: z.number().int().min(1).max(10_000).nullable().optional(),
      page_cursor: z.string().nullable().optional(),
      by: z.array(propertyNameSchema).max(5).nullable().optional(),
      return_fields: z.array(z.string()).nullable().optional(),
      filter: z.array(z.string()).min(1),
      timezone: z.string().nullable().optional(),
      sort: z.string().nullable().optional(),
    }),
  }),
})

const attributePointer = pointerBelow('/data/attributes')

// POST /api/metric-aggregates – counts, sums and uniques of a metric over time, by dimensions
export const POST = apiRoute({
  scopes: ['metrics:read'],
  rate: 'S',
  body: queryMetricAggregatesBody,
  // The engine keys filter errors where.<n>.…; here the conditions come from `filter`.
  pointerFor: (field) => (field.startsWith('where') ? '/data/attributes/filter' : attributePointer(field)),
  handler: async ({ ctx, body }) => {
    const a = body.data.attributes
    const result = await queryMetricAggregates(ctx.companyId, {
      metricId: a.metric_id,
      measurements: a.measurements,
      interval: a.interval ?? 'day',
      filter: parseAggregateFilter(a.filter),
      by: a.by ?? [],
      timezone: a.timezone ?? 'UTC',
      pageSize: a.page_size ?? undefined,
      pageCursor: a.page_cursor ?? undefined,
      sort: a.sort ?? undefined,
    })
    const self = ctx.url.toString()
    return {
      data: {
        type: 'metric-aggregate',
        id: randomUUID(),
        attributes: { dates: result.dates, data: result.data },
        links: { self, ...(result.nextPageCursor ? { next: nextLink(ctx.url, result.nextPageCursor) } : {}) },
      },
      links: { self },
    }
  },
})
