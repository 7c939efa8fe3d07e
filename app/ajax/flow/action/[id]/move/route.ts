import { ajax } from '@/lib/http/ajax'
import { moveAction, moveActionBody } from '@/lib/flows/ajax/actions-graph'

// POST /ajax/flow/action/[id]/move – moves a single-path action to another path (targetPath); a new version
export const POST = ajax({
  resources: ['flows_write'],
  body: moveActionBody,
  handler: ({ ctx, params, body }) => moveAction(ctx.principal.companyId, params.id!, body, ctx.principal.userId),
})
