import { apiRoute } from '@/lib/api/api-route'
import { ApiError, apiNotFound } from '@/lib/api/api-error'
import { serializeFlowAction } from '@/lib/flows/api-documents'
import { flowCall, updateFlowActionBody } from '@/lib/flows/api-handlers'
import { deleteFlowAction, findFlowAction, updateFlowAction } from '@/lib/flows/store'

// GET /api/flow-actions/{id} – one flow action with its definition
export const GET = apiRoute({
  scopes: ['flows:read'],
  rate: 'L',
  handler: async ({ ctx, params }) => {
    const row = await findFlowAction(ctx.companyId, params.id!)
    if (!row) throw apiNotFound(`A flow action with id ${params.id} was not found.`)
    const data = serializeFlowAction(ctx.url, row)
    return { data, links: { self: data.links.self } }
  },
})

// PATCH /api/flow-actions/{id} – replaces the action's definition; the flow gets a new version
export const PATCH = apiRoute({
  scopes: ['flows:write'],
  rate: 'M',
  body: updateFlowActionBody,
  handler: async ({ ctx, body, params }) => {
    if (body.data.id !== params.id)
      throw new ApiError(409, 'conflict', 'The id in the body does not match the id in the URL.', {
        pointer: '/data/id',
      })
    const row = await flowCall(
      () => updateFlowAction(ctx.companyId, params.id!, body.data.attributes.definition),
      '/data/attributes/definition',
    )
    const data = serializeFlowAction(ctx.url, row)
    return { data, links: { self: data.links.self } }
  },
})

// DELETE /api/flow-actions/{id} – removes the action; links into it go to its next action (204)
export const DELETE = apiRoute({
  scopes: ['flows:write'],
  rate: 'M',
  status: 204,
  handler: async ({ ctx, params }) => {
    await flowCall(() => deleteFlowAction(ctx.companyId, params.id!))
  },
})
