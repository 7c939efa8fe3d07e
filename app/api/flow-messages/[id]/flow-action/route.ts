import { apiRoute } from '@/lib/api/api-route'
import { apiNotFound } from '@/lib/api/api-error'
import { db } from '@/lib/db/client'
import { serializeFlowAction } from '@/lib/flows/api-documents'
import { findFlowMessage } from '@/lib/flows/store'

// GET /api/flow-messages/{id}/flow-action – what the message belongs to or uses
export const GET = apiRoute({
  scopes: ['flows:read'],
  rate: 'L',
  handler: async ({ ctx, params }) => {
    const m = await findFlowMessage(ctx.companyId, params.id!)
    if (!m) throw apiNotFound(`A flow message with id ${params.id} was not found.`)
    const action = await db.flowAction.findFirst({ where: { companyId: ctx.companyId, id: m.actionId } })
    if (!action) throw apiNotFound()
    return { data: serializeFlowAction(ctx.url, action), links: { self: ctx.url.toString() } }
  },
})
