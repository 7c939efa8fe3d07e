import { ajax } from '@/lib/http/ajax'
import { disconnectAction, disconnectActionBody } from '@/lib/flows/ajax/actions-graph'

// POST /ajax/flow/action/[id]/disconnect – cuts one of the action's paths (targetPath); a new version
export const POST = ajax({
  resources: ['flows_write'],
  body: disconnectActionBody,
  handler: ({ ctx, params, body }) => disconnectAction(ctx.principal.companyId, params.id!, body, ctx.principal.userId),
})
