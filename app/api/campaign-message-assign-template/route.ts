import { apiRoute } from '@/lib/api/api-route'
import { campaignApiCall } from '@/lib/campaigns/api/documents'
import { assignTemplateApiBody, messageDocument } from '@/lib/campaigns/api/bodies'
import { assignTemplate } from '@/lib/campaigns/store'

// POST /api/campaign-message-assign-template – stores a non-reusable copy of the template on the message (200, the older message shape)
export const POST = apiRoute({
  scopes: ['campaigns:write'],
  rate: 'M',
  body: assignTemplateApiBody,
  handler: async ({ ctx, body }) => {
    await campaignApiCall(
      () => assignTemplate(ctx.companyId, body.data.id, body.data.relationships.template.data.id),
      '/data/relationships',
    )
    return messageDocument(ctx.url, ctx.companyId, body.data.id, { older: true })
  },
})
