import { ajax } from '@/lib/http/ajax'
import { cloneAction } from '@/lib/flows/ajax/actions-graph'

// POST /ajax/flow/action/[id]/clone – a draft copy of the action right after it; a new version
export const POST = ajax({
  resources: ['flows_write'],
  handler: ({ ctx, params }) => cloneAction(ctx.principal.companyId, params.id!, ctx.principal.userId),
})
