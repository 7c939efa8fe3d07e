import { ajax, readBody } from '@/lib/http/ajax'
import { objectBody } from '@/lib/flows/ajax/actions-flow-edit'
import { updateAction } from '@/lib/flows/ajax/actions-settings'

// POST /ajax/flow/action/[id]/update – lays { data } (vendor field names) over the action's data; a new version
export const POST = ajax({
  resources: ['flows_write'],
  handler: async ({ ctx, params }) =>
    updateAction(ctx.principal.companyId, params.id!, objectBody(await readBody(ctx.req)), ctx.principal.userId),
})
