import { ajax, z } from '@/lib/http/ajax'
import { couponHistoryAjax } from '@/lib/coupons/history'

// GET /ajax/coupons/{id}/history?offset= – codes added (bulk jobs and uploads), given out (to whom, by which message; paged) and used
export const GET = ajax({
  resources: ['coupons_read'],
  query: z.object({
    offset: z.coerce.number({ message: 'The offset must be a number.' }).int().min(0).max(10_000_000).optional(),
  }),
  handler: ({ ctx, params, query }) => couponHistoryAjax(ctx.principal.companyId, params.id!, { offset: query.offset }),
})
