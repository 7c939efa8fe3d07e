import { apiRoute } from '@/lib/api/api-route'
import { campaignApiCall } from '@/lib/campaigns/api/documents'
import { estimationJobApiBody } from '@/lib/campaigns/api/bodies'
import { estimationJobDocument } from '@/lib/campaigns/api/jobs'
import { requestEstimation } from '@/lib/campaigns/lifecycle'

// POST /api/campaign-recipient-estimation-jobs – starts a background recipient count (the job id is the campaign id; 202)
export const POST = apiRoute({
  scopes: ['campaigns:write'],
  rate: 'M',
  body: estimationJobApiBody,
  status: 202,
  handler: async ({ ctx, body }) => {
    await campaignApiCall(() => requestEstimation(ctx.companyId, body.data.id))
    return estimationJobDocument(ctx.url, ctx.companyId, body.data.id)
  },
})
