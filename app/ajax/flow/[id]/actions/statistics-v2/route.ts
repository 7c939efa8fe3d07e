import { ajax } from '@/lib/http/ajax'
import { actionStatistics, statisticsQuery } from '@/lib/flows/ajax/statistics-actions'

// GET /ajax/flow/[id]/actions/statistics-v2 – per action: runs there now, steps by status, message recipients, opens, clicks, conversions, revenue and rates (?timeframe=)
export const GET = ajax({
  resources: ['flows_read'],
  query: statisticsQuery,
  handler: ({ ctx, params, query }) => actionStatistics(ctx.principal.companyId, params.id!, query),
})
