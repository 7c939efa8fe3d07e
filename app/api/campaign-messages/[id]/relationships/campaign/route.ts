import { apiRoute } from '@/lib/api/api-route'
import { campaignApiCall } from '@/lib/campaigns/api/documents'
import { getMessage } from '@/lib/campaigns/store'

// GET /api/campaign-messages/{id}/relationships/campaign – the id of the message's campaign
export const GET = apiRoute({
  scopes: ['campaigns:read'],
  rate: 'M',
  handler: async ({ ctx, params }) => {
    const m = await campaignApiCall(() => getMessage(ctx.companyId, params.id!))
    return { data: { type: 'campaign', id: m.campaignId }, links: { self: ctx.url.toString() } }
  },
})
