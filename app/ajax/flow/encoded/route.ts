import { ajax, readBody } from '@/lib/http/ajax'
import { forbidden } from '@/lib/errors/app-error'
import { orDefinitionErrors } from '@/lib/flows/ajax/flows-common'
import { saveBodyFrom, saveFlowFromBuilder } from '@/lib/flows/ajax/flows-save'

// POST /ajax/flow/encoded – the builder's save call: { flowId?, name?, definition, expectedVersion? } → { flowId, version, definition }
export const POST = ajax({
  partial: ['flows_write', 'flows_create'],
  handler: async ({ ctx }) => {
    const body = saveBodyFrom(await readBody(ctx.req))
    if (!ctx.principal.resources.has(body.flowId ? 'flows_write' : 'flows_create')) throw forbidden()
    return orDefinitionErrors(() => saveFlowFromBuilder(ctx.principal.companyId, ctx.principal.userId, body))
  },
})
export type SaveFlowResponse = Awaited<ReturnType<typeof saveFlowFromBuilder>>
