import { ajax, readBody } from '@/lib/http/ajax'
import { createAjaxFlow, createFlowBody } from '@/lib/flows/ajax/flows-create'
import { orDefinitionErrors, topLevelCamel } from '@/lib/flows/ajax/flows-common'

// POST /ajax/flows/create – a new draft flow (name; optional definition or templateKey); the body is read here so the definition keeps its keys
export const POST = ajax({
  resources: ['flows_create'],
  handler: async ({ ctx }) => {
    const body = createFlowBody.parse(topLevelCamel(await readBody(ctx.req)))
    return orDefinitionErrors(() => createAjaxFlow(ctx.principal.companyId, ctx.principal.userId, body))
  },
})
