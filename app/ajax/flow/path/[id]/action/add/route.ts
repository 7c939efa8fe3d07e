import { ajax, readBody } from '@/lib/http/ajax'
import { addAction, addActionBody } from '@/lib/flows/ajax/actions-graph'

// POST /ajax/flow/path/[id]/action/add – inserts an action of a type (with its defaults) on a path ("<actionId>:next", "entry:<flowId>", …); a new version
export const POST = ajax({
  resources: ['flows_write'],
  handler: async ({ ctx, params }) =>
    addAction(ctx.principal.companyId, params.id!, addActionBody.parse(await readBody(ctx.req)), ctx.principal.userId),
})
