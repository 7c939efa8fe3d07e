import { apiRoute } from '@/lib/api/api-route'
import { campaignApiCall } from '@/lib/campaigns/api/documents'
import { getMessage } from '@/lib/campaigns/store'

// GET /api/campaign-messages/{id}/relationships/template – the id of the message's template
export const GET = apiRoute({
  scopes: ['campaigns:read', 'templates:read'],
  rate: 'M',
  handler: async ({ ctx, params }) => {
    const m = await campaignApiCall(() => getMessage(ctx.companyId, params.id!))
    return { data: m.templateId ? { type: 'template', id: m.templateId } : null, links: { self: ctx.url.toString() } }
  },
})
