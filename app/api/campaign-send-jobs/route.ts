import { apiRoute } from '@/lib/api/api-route'
import { campaignApiCall } from '@/lib/campaigns/api/documents'
import { sendJobApiBody } from '@/lib/campaigns/api/bodies'
import { sendJobDocument } from '@/lib/campaigns/api/jobs'
import { sendCampaign } from '@/lib/campaigns/lifecycle'

// POST /api/campaign-send-jobs – sends or schedules the campaign (the job id is the campaign id; 202)
export const POST = apiRoute({
  scopes: ['campaigns:write'],
  rate: 'M',
  body: sendJobApiBody,
  status: 202,
  handler: async ({ ctx, body }) => {
    await campaignApiCall(() => sendCampaign(ctx.companyId, body.data.id), '/data/attributes')
    return sendJobDocument(ctx.url, ctx.companyId, body.data.id)
  },
})
