import { apiRoute } from '@/lib/api/api-route'
import { apiNotFound } from '@/lib/api/api-error'
import { findFlowMessage } from '@/lib/flows/store'

// GET /api/flow-messages/{id}/relationships/template – the id of the template the flow email uses
export const GET = apiRoute({
  // The vendor's scope for this one is templates:read (the message's own reads take flows:read).
  scopes: ['templates:read'],
  rate: 'L',
  handler: async ({ ctx, params }) => {
    const m = await findFlowMessage(ctx.companyId, params.id!)
    if (!m) throw apiNotFound(`A flow message with id ${params.id} was not found.`)
    return { data: m.templateId ? { type: 'template', id: m.templateId } : null, links: { self: ctx.url.toString() } }
  },
})
