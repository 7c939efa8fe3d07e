import { apiRoute } from '@/lib/api/api-route'
import { campaignApiCall } from '@/lib/campaigns/api/documents'
import { getCampaign } from '@/lib/campaigns/store'

// GET /api/campaigns/{id}/relationships/tags – the ids of the campaign's tags
export const GET = apiRoute({
  scopes: ['campaigns:read', 'tags:read'],
  rate: 'S',
  handler: async ({ ctx, params }) => {
    const c = await campaignApiCall(() => getCampaign(ctx.companyId, params.id!))
    return { data: c.tags.map((t) => ({ type: 'tag', id: t.id })), links: { self: ctx.url.toString() } }
  },
})
