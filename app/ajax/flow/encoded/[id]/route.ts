import { ajax } from '@/lib/http/ajax'
import { encodedFlow, encodedFlowQuery } from '@/lib/flows/ajax/flows-encoded'

// GET /ajax/flow/encoded/{id} – the flow in an export shape (schemaVersion, includeTags, isFromLibrary)
export const GET = ajax({
  resources: ['flows_read'],
  query: encodedFlowQuery,
  handler: ({ ctx, params, query }) => encodedFlow(ctx.principal.companyId, params.id!, query),
})
