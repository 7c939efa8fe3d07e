import { apiRoute } from '@/lib/api/api-route'
import { sparseFields } from '@/lib/api/query-params'
import { MESSAGE_FIELDS, campaignApiCall, serializeMessage } from '@/lib/campaigns/api/documents'
import { getCampaign } from '@/lib/campaigns/store'

// GET /api/campaigns/{id}/campaign-messages – the campaign's messages
export const GET = apiRoute({
  scopes: ['campaigns:read'],
  rate: 'M',
  handler: async ({ ctx, params }) => {
    const c = await campaignApiCall(() => getCampaign(ctx.companyId, params.id!))
    const fields = sparseFields(ctx.url, 'campaign-message', MESSAGE_FIELDS)
    return {
      data: c.messages.map((m) => serializeMessage(ctx.url, m, c, { fields })),
      links: { self: ctx.url.toString(), next: null, prev: null },
    }
  },
})
