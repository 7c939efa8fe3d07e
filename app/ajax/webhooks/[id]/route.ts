import { ajax } from '@/lib/http/ajax'
import { notFound } from '@/lib/errors/app-error'
import { deleteWebhook, generateWebhookSecret, getWebhook, updateWebhook } from '@/lib/webhooks/webhook-store'
import {
  toWebhookDto,
  topicCatalogue,
  webhookFormBody,
  WEBHOOKS_READ,
  WEBHOOKS_WRITE,
} from '@/lib/webhooks/webhook-screen-data'

const missing = () => notFound('This webhook does not exist or was deleted.')

// GET /ajax/webhooks/{id} – one webhook and the topic catalogue (the edit screen)
export const GET = ajax({
  resources: WEBHOOKS_READ,
  handler: async ({ ctx, params }) => {
    const w = await getWebhook(ctx.principal.companyId, params.id!)
    if (!w) throw missing()
    return { webhook: toWebhookDto(w), topics: topicCatalogue() }
  },
})

// PATCH /ajax/webhooks/{id} – saves the edit form; rotateSecret issues a new secret, shown in this answer only
export const PATCH = ajax({
  resources: WEBHOOKS_WRITE,
  body: webhookFormBody.partial(),
  handler: async ({ ctx, body, params }) => {
    const secret = body.rotateSecret ? generateWebhookSecret() : undefined
    const w = await updateWebhook(ctx.principal.companyId, params.id!, {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.description !== undefined ? { description: body.description } : {}),
      ...(body.endpointUrl !== undefined ? { endpointUrl: body.endpointUrl.trim() } : {}),
      ...(body.enabled !== undefined ? { enabled: body.enabled } : {}),
      ...(body.topics !== undefined ? { topics: body.topics } : {}),
      ...(secret ? { secretKey: secret } : {}),
    })
    if (!w) throw missing()
    return { webhook: toWebhookDto(w), ...(secret ? { secretKey: secret } : {}) }
  },
})

// DELETE /ajax/webhooks/{id} – deletes the webhook and its delivery log
export const DELETE = ajax({
  resources: WEBHOOKS_WRITE,
  handler: async ({ ctx, params }) => {
    if (!(await deleteWebhook(ctx.principal.companyId, params.id!))) throw missing()
    return { ok: true }
  },
})
