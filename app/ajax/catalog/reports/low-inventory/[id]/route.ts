import { ajax, z } from '@/lib/http/ajax'
import { notFound } from '@/lib/errors/app-error'
import { catalogCall } from '@/lib/catalog/ajax-result'
import { lowInventoryReport } from '@/lib/catalog/reports/low-inventory'
import { parseDateRange } from '@/lib/catalog/reports/range'

// GET /ajax/catalog/reports/low-inventory/{flowId}?daterange= – the flow's low-inventory occurrences, profiles entered, sends
export const GET = ajax({
  resources: ['catalog_read', 'low_inventory_read'],
  query: z.object({ daterange: z.string().optional() }),
  handler: ({ ctx, query, params }) =>
    catalogCall(async () => {
      const range = parseDateRange(query.daterange)
      const report = await lowInventoryReport(ctx.principal.companyId, params.id!, range)
      if (!report) throw notFound('This flow does not exist.')
      return { range, ...report }
    }),
})
