import { ajax } from '@/lib/http/ajax'
import { deleteAction, deleteActionBody } from '@/lib/flows/ajax/actions-graph'

// POST /ajax/flow/action/[id]/delete – removes the action (a split: keepPath keeps one branch, else all go); a new version
export const POST = ajax({
  resources: ['flows_write'],
  body: deleteActionBody,
  handler: ({ ctx, params, body }) => deleteAction(ctx.principal.companyId, params.id!, body, ctx.principal.userId),
})
