import { ajax, z } from '@/lib/http/ajax'
import { catalogCall } from '@/lib/catalog/ajax-result'
import { priceDropReport } from '@/lib/catalog/reports/price-drop'
import { parseDateRange } from '@/lib/catalog/reports/range'
import { companyCurrency } from '@/lib/reporting/company-currency'

// GET /ajax/catalog/reports/price-drop?daterange= – each price drop, the profiles it entered and the messages sent
export const GET = ajax({
  resources: ['catalog_read', 'price_drop_read'],
  query: z.object({ daterange: z.string().optional() }),
  handler: ({ ctx, query }) =>
    catalogCall(async () => {
      const range = parseDateRange(query.daterange)
      return {
        range,
        currency: await companyCurrency(ctx.principal.companyId),
        ...(await priceDropReport(ctx.principal.companyId, range)),
      }
    }),
})
