import { apiRoute } from '@/lib/api/api-route'
import { apiNotFound } from '@/lib/api/api-error'
import { sparseFields } from '@/lib/api/query-params'
import { isWebhookTopic } from '@/lib/webhooks/topics'
import { serializeWebhookTopic } from '@/lib/webhooks/serialize-webhook'

// GET /api/webhook-topics/{id} – one topic, e.g. event:klaviyo.sent_sms
export const GET = apiRoute({
  scopes: ['webhooks:read'],
  rate: 'XS',
  handler: ({ ctx, params }) => {
    sparseFields(ctx.url, 'webhook-topic', ['id'])
    if (!isWebhookTopic(params.id!)) throw apiNotFound(`A webhook topic with id ${params.id} was not found.`)
    const data = serializeWebhookTopic(ctx.url, params.id!)
    return { data, links: { self: data.links.self } }
  },
})
