import { ajax, z } from '@/lib/http/ajax'
import { notFound } from '@/lib/errors/app-error'
import { catalogCall } from '@/lib/catalog/ajax-result'
import { lowInventoryActivity } from '@/lib/catalog/reports/low-inventory'
import { parseDateRange } from '@/lib/catalog/reports/range'

// GET /ajax/catalog/reports/low-inventory/{id}/activity?daterange=&granularity=day|week|month (seed 002 §7.2)
export const GET = ajax({
  resources: ['catalog_read', 'low_inventory_read'],
  query: z.object({ daterange: z.string().optional(), granularity: z.enum(['day', 'week', 'month']).default('day') }),
  handler: ({ ctx, query, params }) =>
    catalogCall(async () => {
      const range = parseDateRange(query.daterange)
      const activity = await lowInventoryActivity(ctx.principal.companyId, params.id!, {
        range,
        granularity: query.granularity,
      })
      if (!activity) throw notFound('This flow does not exist.')
      return { range, ...activity }
    }),
})
