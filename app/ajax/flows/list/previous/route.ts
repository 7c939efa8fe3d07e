import { ajax } from '@/lib/http/ajax'
import { previousFlowFigures, previousFlowsQuery } from '@/lib/flows/ajax/flows-previous'

// GET /ajax/flows/list/previous/ – the list's figures for the comparison period (comparisonPeriod)
export const GET = ajax({
  resources: ['flows_read'],
  query: previousFlowsQuery,
  handler: ({ ctx, query }) => previousFlowFigures(ctx.principal.companyId, query),
})
