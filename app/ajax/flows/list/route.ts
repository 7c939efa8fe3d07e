import { ajax } from '@/lib/http/ajax'
import { listFlows, listFlowsQuery } from '@/lib/flows/ajax/flows-list'

// GET /ajax/flows/list/ – the flows list: page, pageSize, search, sort (name|status|updated|conversion|conversion_per_recipient), direction, status, triggerType, archived, tags
export const GET = ajax({
  resources: ['flows_read'],
  query: listFlowsQuery,
  handler: ({ ctx, query }) => listFlows(ctx.principal.companyId, query),
})
export type ListFlowsResponse = Awaited<ReturnType<typeof listFlows>>
