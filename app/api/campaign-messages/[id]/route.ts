import { apiRoute } from '@/lib/api/api-route'
import { ApiError } from '@/lib/api/api-error'
import { campaignApiCall } from '@/lib/campaigns/api/documents'
import { messageDocument, updateMessageApiBody } from '@/lib/campaigns/api/bodies'
import { getMessage, updateMessage } from '@/lib/campaigns/store'

// GET /api/campaign-messages/{id} – one message (include=campaign,image,template)
export const GET = apiRoute({
  scopes: ['campaigns:read'],
  rate: 'M',
  handler: ({ ctx, params }) => messageDocument(ctx.url, ctx.companyId, params.id!),
})

// PATCH /api/campaign-messages/{id} – the definition (label, content fields given replace the old ones) and the image
export const PATCH = apiRoute({
  scopes: ['campaigns:write'],
  rate: 'M',
  body: updateMessageApiBody,
  handler: async ({ ctx, body, params }) => {
    if (body.data.id !== params.id)
      throw new ApiError(409, 'conflict', 'The id in the body does not match the id in the URL.', {
        pointer: '/data/id',
      })
    const current = await campaignApiCall(() => getMessage(ctx.companyId, params.id!))
    const def = body.data.attributes.definition
    if (def && def.channel !== current.channel) {
      throw new ApiError(400, 'invalid', `The message is a ${current.channel} message; its channel cannot change.`, {
        pointer: '/data/attributes/definition/channel',
      })
    }
    const renderOptions =
      def?.channel === 'sms'
        ? def.render_options
        : def?.channel === 'mobile_push'
          ? { kv_pairs: def.kv_pairs ?? null, options: def.options ?? null }
          : undefined
    await campaignApiCall(
      () =>
        updateMessage(ctx.companyId, params.id!, {
          label: def?.label ?? undefined,
          content: (def?.content ?? null) as Record<string, unknown> | null,
          ...(renderOptions !== undefined ? { renderOptions } : {}),
          ...(body.data.relationships?.image ? { imageId: body.data.relationships.image.data.id } : {}),
        }),
      '/data/attributes/definition',
    )
    return messageDocument(ctx.url, ctx.companyId, params.id!)
  },
})
