import { apiRoute } from '@/lib/api/api-route'
import { sparseFields } from '@/lib/api/query-params'
import { CAMPAIGN_FIELDS, campaignApiCall, serializeCampaign } from '@/lib/campaigns/api/documents'
import { getCampaign, getMessage } from '@/lib/campaigns/store'

// GET /api/campaign-messages/{id}/campaign – the message's campaign
export const GET = apiRoute({
  scopes: ['campaigns:read'],
  rate: 'M',
  handler: async ({ ctx, params }) => {
    const m = await campaignApiCall(() => getMessage(ctx.companyId, params.id!))
    const c = await campaignApiCall(() => getCampaign(ctx.companyId, m.campaignId))
    const data = serializeCampaign(ctx.url, c, { fields: sparseFields(ctx.url, 'campaign', CAMPAIGN_FIELDS) })
    return { data, links: { self: ctx.url.toString() } }
  },
})
