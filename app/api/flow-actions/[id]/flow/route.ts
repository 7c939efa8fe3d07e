import { apiRoute } from '@/lib/api/api-route'
import { apiNotFound } from '@/lib/api/api-error'
import { serializeFlow } from '@/lib/flows/api-documents'
import { findFlow, findFlowAction } from '@/lib/flows/store'

// GET /api/flow-actions/{id}/flow – the flow of an action
export const GET = apiRoute({
  scopes: ['flows:read'],
  rate: 'L',
  handler: async ({ ctx, params }) => {
    const row = await findFlowAction(ctx.companyId, params.id!)
    const flow = row && (await findFlow(ctx.companyId, row.flowId))
    if (!flow) throw apiNotFound(`A flow action with id ${params.id} was not found.`)
    return { data: serializeFlow(ctx.url, flow), links: { self: ctx.url.toString() } }
  },
})
