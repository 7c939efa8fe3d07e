import { apiRoute } from '@/lib/api/api-route'
import { campaignApiCall } from '@/lib/campaigns/api/documents'
import { getCampaign } from '@/lib/campaigns/store'

// GET /api/campaigns/{id}/relationships/campaign-messages – the ids of the campaign's messages
export const GET = apiRoute({
  scopes: ['campaigns:read'],
  rate: 'M',
  handler: async ({ ctx, params }) => {
    const c = await campaignApiCall(() => getCampaign(ctx.companyId, params.id!))
    return {
      data: c.messages.map((m) => ({ type: 'campaign-message', id: m.id })),
      links: { self: ctx.url.toString(), next: null, prev: null },
    }
  },
})
