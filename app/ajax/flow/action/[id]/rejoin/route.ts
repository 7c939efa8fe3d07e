import { ajax } from '@/lib/http/ajax'
import { rejoinAction, rejoinActionBody } from '@/lib/flows/ajax/actions-graph'

// POST /ajax/flow/action/[id]/rejoin – links an open path of the action (path, default next) to targetActionId; a new version
export const POST = ajax({
  resources: ['flows_write'],
  body: rejoinActionBody,
  handler: ({ ctx, params, body }) => rejoinAction(ctx.principal.companyId, params.id!, body, ctx.principal.userId),
})
