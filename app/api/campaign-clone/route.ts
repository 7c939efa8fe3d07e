import { apiRoute } from '@/lib/api/api-route'
import { campaignApiCall } from '@/lib/campaigns/api/documents'
import { campaignDocument, cloneApiBody } from '@/lib/campaigns/api/bodies'
import { cloneCampaign } from '@/lib/campaigns/store'

// POST /api/campaign-clone – a Draft copy of the campaign with a copy of each message's template (201)
export const POST = apiRoute({
  scopes: ['campaigns:write'],
  rate: 'M',
  body: cloneApiBody,
  status: 201,
  handler: async ({ ctx, body }) => {
    const detail = await campaignApiCall(() =>
      cloneCampaign(ctx.companyId, body.data.id, body.data.attributes.new_name),
    )
    return campaignDocument(ctx.url, ctx.companyId, detail.id, detail)
  },
})
