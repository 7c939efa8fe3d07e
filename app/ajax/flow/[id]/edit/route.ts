import { ajax } from '@/lib/http/ajax'
import { loadFlowForEdit } from '@/lib/flows/ajax/flows-edit'

// GET /ajax/flow/{id}/edit – the builder's load call: flow, definition, actions, messages, counts, issues
export const GET = ajax({
  resources: ['flows_read'],
  handler: ({ ctx, params }) => loadFlowForEdit(ctx.principal.companyId, params.id!),
})
export type { FlowEditResponse } from '@/lib/flows/ajax/flows-edit'
