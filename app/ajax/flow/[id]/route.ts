import { ajax } from '@/lib/http/ajax'
import { flowSummary } from '@/lib/flows/ajax/flows-beta'

// GET /ajax/flow/{id} – the flow's summary with its beta flag
export const GET = ajax({
  resources: ['flows_read'],
  handler: ({ ctx, params }) => flowSummary(ctx.principal.companyId, params.id!),
})
