import { apiRoute } from '@/lib/api/api-route'
import { campaignApiCall } from '@/lib/campaigns/api/documents'
import { imageRelationshipBody } from '@/lib/campaigns/api/bodies'
import { getMessage, updateMessage } from '@/lib/campaigns/store'

// GET /api/campaign-messages/{id}/relationships/image – the id of the message's image
export const GET = apiRoute({
  scopes: ['campaigns:read', 'images:read'],
  rate: 'M',
  handler: async ({ ctx, params }) => {
    const m = await campaignApiCall(() => getMessage(ctx.companyId, params.id!))
    return { data: m.imageId ? { type: 'image', id: m.imageId } : null, links: { self: ctx.url.toString() } }
  },
})

// PATCH /api/campaign-messages/{id}/relationships/image – sets the message's image (204)
export const PATCH = apiRoute({
  scopes: ['campaigns:write', 'images:read'],
  rate: 'M',
  body: imageRelationshipBody,
  status: 204,
  handler: async ({ ctx, body, params }) => {
    await campaignApiCall(() => updateMessage(ctx.companyId, params.id!, { imageId: body.data.id }), '/data')
  },
})
