import { ajax } from '@/lib/http/ajax'
import { listUpdateBody, updateListUpdate } from '@/lib/flows/ajax/actions-settings'

// POST /ajax/flow/action/[id]/list_update/update – a list update action's list and direction (add or remove); a new version
export const POST = ajax({
  resources: ['flows_write'],
  body: listUpdateBody,
  handler: ({ ctx, params, body }) => updateListUpdate(ctx.principal.companyId, params.id!, body, ctx.principal.userId),
})
