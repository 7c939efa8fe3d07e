import { ajax } from '@/lib/http/ajax'
import { createWebhook, generateWebhookSecret, listWebhooks } from '@/lib/webhooks/webhook-store'
import {
  toWebhookDto,
  topicCatalogue,
  webhookFormBody,
  WEBHOOKS_READ,
  WEBHOOKS_WRITE,
} from '@/lib/webhooks/webhook-screen-data'

// GET /ajax/webhooks – the account's webhooks and the topics they can subscribe to
export const GET = ajax({
  resources: WEBHOOKS_READ,
  handler: async ({ ctx }) => ({
    webhooks: (await listWebhooks(ctx.principal.companyId)).map(toWebhookDto),
    topics: topicCatalogue(),
  }),
})

// POST /ajax/webhooks – creates a webhook; the signing secret is in this answer only
export const POST = ajax({
  resources: WEBHOOKS_WRITE,
  body: webhookFormBody,
  status: 201,
  handler: async ({ ctx, body }) => {
    const secret = body.secretKey?.trim() || generateWebhookSecret()
    const w = await createWebhook(ctx.principal.companyId, {
      name: body.name,
      description: body.description,
      endpointUrl: body.endpointUrl.trim(),
      enabled: body.enabled ?? true,
      topics: body.topics,
      secretKey: secret,
    })
    return { webhook: toWebhookDto(w), secretKey: secret }
  },
})
