import { apiRoute } from '@/lib/api/api-route'
import { ApiError } from '@/lib/api/api-error'
import { campaignApiCall } from '@/lib/campaigns/api/documents'
import { campaignDocument, updateCampaignApiBody } from '@/lib/campaigns/api/bodies'
import { deleteCampaign, updateCampaign } from '@/lib/campaigns/store'
import type { CampaignPatch } from '@/lib/campaigns/validate'

// GET /api/campaigns/{id} – one campaign (include=campaign-messages,tags)
export const GET = apiRoute({
  scopes: ['campaigns:read'],
  rate: 'M',
  handler: ({ ctx, params }) => campaignDocument(ctx.url, ctx.companyId, params.id!),
})

// PATCH /api/campaigns/{id} – name, audiences (each list replaces the old), send_strategy, send_options, tracking_options
export const PATCH = apiRoute({
  scopes: ['campaigns:write'],
  rate: 'M',
  body: updateCampaignApiBody,
  handler: async ({ ctx, body, params }) => {
    if (body.data.id !== params.id)
      throw new ApiError(409, 'conflict', 'The id in the body does not match the id in the URL.', {
        pointer: '/data/id',
      })
    const a = body.data.attributes
    const patch: CampaignPatch = {}
    if (a.name != null) patch.name = a.name
    if (a.audiences) patch.audiences = a.audiences
    if (a.send_strategy) patch.sendStrategy = a.send_strategy
    if (a.send_options) patch.sendOptions = a.send_options
    if (a.tracking_options) patch.trackingOptions = a.tracking_options
    const detail = await campaignApiCall(() => updateCampaign(ctx.companyId, params.id!, patch))
    return campaignDocument(ctx.url, ctx.companyId, params.id!, detail)
  },
})

// DELETE /api/campaigns/{id} – deletes the campaign and its messages (204)
export const DELETE = apiRoute({
  scopes: ['campaigns:write'],
  rate: 'M',
  status: 204,
  handler: async ({ ctx, params }) => {
    await campaignApiCall(() => deleteCampaign(ctx.companyId, params.id!))
  },
})
