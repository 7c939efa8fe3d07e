import { apiRoute } from '@/lib/api/api-route'
import { sparseFields } from '@/lib/api/query-params'
import { WEBHOOK_TOPICS } from '@/lib/webhooks/topics'
import { serializeWebhookTopic } from '@/lib/webhooks/serialize-webhook'

// GET /api/webhook-topics – the topics a webhook can subscribe to
export const GET = apiRoute({
  scopes: ['webhooks:read'],
  rate: 'XS',
  handler: ({ ctx }) => {
    sparseFields(ctx.url, 'webhook-topic', ['id'])
    return {
      data: WEBHOOK_TOPICS.map((t) => serializeWebhookTopic(ctx.url, t.id)),
      links: { self: ctx.url.toString(), next: null, prev: null },
    }
  },
})
