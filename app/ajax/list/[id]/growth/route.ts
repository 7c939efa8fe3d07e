import { ajax } from '@/lib/http/ajax'
import { listGrowth, listGrowthQuery } from '@/lib/groups/list-growth'

// GET /ajax/list/[id]/growth?days=N – members joined and left per day, and the running total
export const GET = ajax({
  resources: ['groups_read'],
  query: listGrowthQuery,
  handler: ({ ctx, params, query }) => listGrowth(ctx.principal.companyId, params.id!, query),
})
