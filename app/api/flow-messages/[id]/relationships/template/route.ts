import { apiRoute } from '@/lib/api/api-route'
import { apiNotFound } from '@/lib/api/api-error'
import { findFlowMessage } from '@/lib/flows/store'

// GET /api/flow-messages/{id}/relationships/template – what the message belongs to or uses
export const GET = apiRoute({
  scopes: ['flows:read'],
  rate: 'L',
  handler: async ({ ctx, params }) => {
    const m = await findFlowMessage(ctx.companyId, params.id!)
    if (!m) throw apiNotFound(`A flow message with id ${params.id} was not found.`)
    return { data: m.templateId ? { type: 'template', id: m.templateId } : null, links: { self: ctx.url.toString() } }
  },
})
