import { apiRoute } from '@/lib/api/api-route'
import { campaignApiCall, listCampaignsPage } from '@/lib/campaigns/api/documents'
import { campaignDocument, createCampaignApiBody } from '@/lib/campaigns/api/bodies'
import { createCampaign } from '@/lib/campaigns/store'

// GET /api/campaigns – the account's campaigns of one channel (filter equals(messages.channel,…) is required), 100 per page
export const GET = apiRoute({
  scopes: ['campaigns:read'],
  rate: 'M',
  handler: ({ ctx }) => listCampaignsPage(ctx.companyId, ctx.url),
})

// POST /api/campaigns – a Draft campaign with its message (201)
export const POST = apiRoute({
  scopes: ['campaigns:write'],
  rate: 'M',
  body: createCampaignApiBody,
  status: 201,
  handler: async ({ ctx, body }) => {
    const a = body.data.attributes
    const msg = a['campaign-messages'].data[0]!
    const def = msg.attributes.definition
    const extra =
      def.channel === 'sms'
        ? def.render_options
        : def.channel === 'mobile_push'
          ? { kv_pairs: def.kv_pairs ?? null, options: def.options ?? null }
          : null
    const detail = await campaignApiCall(() =>
      createCampaign(ctx.companyId, {
        name: a.name,
        channel: def.channel,
        audiences: { included: a.audiences.included, excluded: a.audiences.excluded ?? [] },
        sendStrategy: a.send_strategy ?? null,
        sendOptions: a.send_options ?? null,
        trackingOptions: a.tracking_options ?? null,
        messages: [
          {
            label: def.label ?? '',
            content: (def.content ?? {}) as Record<string, unknown>,
            renderOptions: extra ?? null,
            imageId: msg.relationships?.image?.data.id ?? null,
          },
        ],
      }),
    )
    return campaignDocument(ctx.url, ctx.companyId, detail.id, detail)
  },
})
