import { ajax } from '@/lib/http/ajax'
import { getGroupGrowth, groupGrowthQuery } from '@/lib/insights/get-group-growth'

// GET /ajax/insights/groups – lists and segments with members joined and left in the last days
export const GET = ajax({
  resources: ['groups_read'],
  query: groupGrowthQuery,
  handler: ({ ctx, query }) => getGroupGrowth(ctx.principal.companyId, query),
})
