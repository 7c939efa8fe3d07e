import { ajax } from '@/lib/http/ajax'
import { cloneTriggers } from '@/lib/flows/ajax/flows-clone-references'

// GET /ajax/flow/{id}/clone/triggers – the flow's trigger(s) and what they name, for the clone dialog
export const GET = ajax({
  resources: ['flows_read'],
  handler: ({ ctx, params }) => cloneTriggers(ctx.principal.companyId, params.id!),
})
