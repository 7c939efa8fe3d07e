import { z } from 'zod'
import { apiRoute } from '@/lib/api/api-route'
import { enumList, sparseFields } from '@/lib/api/query-params'
import { createWebhook, listWebhooks } from '@/lib/webhooks/webhook-store'
import { serializeWebhook, serializeWebhookTopic, WEBHOOK_FIELDS } from '@/lib/webhooks/serialize-webhook'
import { webhookPointer } from '@/lib/webhooks/webhook-api-body'

const topicRefs = z.object({ data: z.array(z.object({ type: z.literal('webhook-topic'), id: z.string().min(1) })) })

const createWebhookBody = z.object({
  data: z.object({
    type: z.literal('webhook'),
    attributes: z.object({
      name: z.string(),
      description: z.string().nullable().optional(),
      endpoint_url: z.string(),
      secret_key: z.string(),
      enabled: z.boolean().nullable().optional(),
    }),
    relationships: z.object({ 'webhook-topics': topicRefs }),
  }),
})

// GET /api/webhooks – the account's webhooks (include=webhook-topics)
export const GET = apiRoute({
  scopes: ['webhooks:read'],
  rate: 'XS',
  handler: async ({ ctx }) => {
    const fields = sparseFields(ctx.url, 'webhook', WEBHOOK_FIELDS)
    const include = enumList(ctx.url, 'include', ['webhook-topics'] as const)
    const hooks = await listWebhooks(ctx.companyId)
    return {
      data: hooks.map((w) => serializeWebhook(ctx.url, w, fields)),
      links: { self: ctx.url.toString(), next: null, prev: null },
      ...(include.length
        ? { included: [...new Set(hooks.flatMap((w) => w.topics))].map((t) => serializeWebhookTopic(ctx.url, t)) }
        : {}),
    }
  },
})

// POST /api/webhooks – creates a webhook with its topics and signing secret (201)
export const POST = apiRoute({
  scopes: ['webhooks:write'],
  rate: 'XS',
  body: createWebhookBody,
  status: 201,
  pointerFor: webhookPointer,
  handler: async ({ ctx, body }) => {
    const a = body.data.attributes
    const w = await createWebhook(ctx.companyId, {
      name: a.name,
      description: a.description,
      endpointUrl: a.endpoint_url,
      secretKey: a.secret_key,
      enabled: a.enabled ?? true,
      topics: body.data.relationships['webhook-topics'].data.map((t) => t.id),
    })
    const data = serializeWebhook(ctx.url, w, sparseFields(ctx.url, 'webhook', WEBHOOK_FIELDS))
    return { data, links: { self: data.links.self } }
  },
})
