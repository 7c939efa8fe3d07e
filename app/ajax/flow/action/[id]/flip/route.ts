import { ajax } from '@/lib/http/ajax'
import { flipAction } from '@/lib/flows/ajax/actions-graph'

// POST /ajax/flow/action/[id]/flip – swaps a split's true and false branches; a new version
export const POST = ajax({
  resources: ['flows_write'],
  handler: ({ ctx, params }) => flipAction(ctx.principal.companyId, params.id!, ctx.principal.userId),
})
