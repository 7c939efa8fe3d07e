import { z } from 'zod'
import { apiRoute } from '@/lib/api/api-route'
import { ApiError, apiNotFound } from '@/lib/api/api-error'
import { enumList, sparseFields } from '@/lib/api/query-params'
import { deleteWebhook, getWebhook, updateWebhook } from '@/lib/webhooks/webhook-store'
import { serializeWebhook, serializeWebhookTopic, WEBHOOK_FIELDS } from '@/lib/webhooks/serialize-webhook'
import { webhookPointer } from '@/lib/webhooks/webhook-api-body'

const updateWebhookBody = z.object({
  data: z.object({
    type: z.literal('webhook'),
    id: z.string().min(1),
    attributes: z.object({
      name: z.string().nullable().optional(),
      description: z.string().nullable().optional(),
      endpoint_url: z.string().nullable().optional(),
      secret_key: z.string().nullable().optional(),
      enabled: z.boolean().nullable().optional(),
    }),
    relationships: z
      .object({
        'webhook-topics': z
          .object({ data: z.array(z.object({ type: z.literal('webhook-topic'), id: z.string().min(1) })) })
          .optional(),
      })
      .optional(),
  }),
})

const notFound = (id: string) => apiNotFound(`A webhook with id ${id} was not found.`)

// GET /api/webhooks/{id} – one webhook (include=webhook-topics)
export const GET = apiRoute({
  scopes: ['webhooks:read'],
  rate: 'XS',
  handler: async ({ ctx, params }) => {
    const w = await getWebhook(ctx.companyId, params.id!)
    if (!w) throw notFound(params.id!)
    const include = enumList(ctx.url, 'include', ['webhook-topics'] as const)
    const data = serializeWebhook(ctx.url, w, sparseFields(ctx.url, 'webhook', WEBHOOK_FIELDS))
    return {
      data,
      links: { self: data.links.self },
      ...(include.length ? { included: w.topics.map((t) => serializeWebhookTopic(ctx.url, t)) } : {}),
    }
  },
})

// PATCH /api/webhooks/{id} – changes a webhook's name, URL, secret, enabled flag or topics
export const PATCH = apiRoute({
  scopes: ['webhooks:write'],
  rate: 'XS',
  body: updateWebhookBody,
  pointerFor: webhookPointer,
  handler: async ({ ctx, body, params }) => {
    if (body.data.id !== params.id)
      throw new ApiError(409, 'conflict', 'The id in the body does not match the id in the URL.', {
        pointer: '/data/id',
      })
    const a = body.data.attributes
    const w = await updateWebhook(ctx.companyId, params.id, {
      ...(a.name != null ? { name: a.name } : {}),
      ...(a.description !== undefined ? { description: a.description } : {}),
      ...(a.endpoint_url != null ? { endpointUrl: a.endpoint_url } : {}),
      ...(a.secret_key != null ? { secretKey: a.secret_key } : {}),
      ...(a.enabled != null ? { enabled: a.enabled } : {}),
      ...(body.data.relationships?.['webhook-topics']
        ? { topics: body.data.relationships['webhook-topics'].data.map((t) => t.id) }
        : {}),
    })
    if (!w) throw notFound(params.id)
    const data = serializeWebhook(ctx.url, w, sparseFields(ctx.url, 'webhook', WEBHOOK_FIELDS))
    return { data, links: { self: data.links.self } }
  },
})

// DELETE /api/webhooks/{id} – deletes a webhook and its delivery log (204)
export const DELETE = apiRoute({
  scopes: ['webhooks:write'],
  rate: 'XS',
  status: 204,
  handler: async ({ ctx, params }) => {
    if (!(await deleteWebhook(ctx.companyId, params.id!))) throw notFound(params.id!)
  },
})
