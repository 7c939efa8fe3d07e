import { apiRoute } from '@/lib/api/api-route'
import { ApiError } from '@/lib/api/api-error'
import { campaignApiCall } from '@/lib/campaigns/api/documents'
import { sendJobUpdateApiBody } from '@/lib/campaigns/api/bodies'
import { sendJobDocument } from '@/lib/campaigns/api/jobs'
import { cancelCampaign, revertCampaignToDraft } from '@/lib/campaigns/lifecycle'

// GET /api/campaign-send-jobs/{id} – the send job of a campaign (queued, processing, complete, cancelled)
export const GET = apiRoute({
  scopes: ['campaigns:read'],
  rate: 'M',
  handler: ({ ctx, params }) => sendJobDocument(ctx.url, ctx.companyId, params.id!),
})

// PATCH /api/campaign-send-jobs/{id} – action cancel (→ Cancelled) or revert (→ Draft); 204
export const PATCH = apiRoute({
  scopes: ['campaigns:write'],
  rate: 'M',
  body: sendJobUpdateApiBody,
  status: 204,
  handler: async ({ ctx, body, params }) => {
    if (body.data.id !== params.id)
      throw new ApiError(409, 'conflict', 'The id in the body does not match the id in the URL.', {
        pointer: '/data/id',
      })
    const action = body.data.attributes.action
    await campaignApiCall(() =>
      action === 'cancel'
        ? cancelCampaign(ctx.companyId, params.id!)
        : revertCampaignToDraft(ctx.companyId, params.id!),
    )
  },
})
