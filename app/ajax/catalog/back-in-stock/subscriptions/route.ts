import { ajax, z } from '@/lib/http/ajax'
import { catalogCall } from '@/lib/catalog/ajax-result'
import { listBackInStockSubscriptions } from '@/lib/catalog/reports/back-in-stock'

// GET /ajax/catalog/back-in-stock/subscriptions?variantId=&itemId=&limit= – the newest subscriptions (item and variant pages)
export const GET = ajax({
  resources: ['catalog_read', 'back_in_stock_read'],
  query: z.object({
    variantId: z.string().optional(),
    itemId: z.string().optional(),
    limit: z.coerce.number().int().min(1).max(500).optional(),
  }),
  handler: ({ ctx, query }) =>
    catalogCall(async () => ({ subscriptions: await listBackInStockSubscriptions(ctx.principal.companyId, query) })),
})
