import { ajax, z } from '@/lib/http/ajax'
import { catalogCall } from '@/lib/catalog/ajax-result'
import { backInStockReport } from '@/lib/catalog/reports/back-in-stock'
import { parseDateRange } from '@/lib/catalog/reports/range'

// GET /ajax/catalog/reports/back-in-stock?daterange= – subscriptions, notified, waiting and conversions per variant
export const GET = ajax({
  resources: ['catalog_read', 'back_in_stock_read'],
  query: z.object({ daterange: z.string().optional() }),
  handler: ({ ctx, query }) =>
    catalogCall(async () => {
      const range = parseDateRange(query.daterange)
      return { range, ...(await backInStockReport(ctx.principal.companyId, range)) }
    }),
})
