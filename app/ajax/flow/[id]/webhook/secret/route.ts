import { ajax } from '@/lib/http/ajax'
import { getWebhookSecret, rotateWebhookSecret } from '@/lib/flows/webhook-action/webhook-ajax'

// GET /ajax/flow/{flowId}/webhook/secret – the secret that signs the flow's webhook requests (X-Flow-Signature)
export const GET = ajax({
  resources: ['flows_write'],
  handler: ({ ctx, params }) => getWebhookSecret(ctx.principal.companyId, params.id!),
})

// POST /ajax/flow/{flowId}/webhook/secret – rotates the secret (requests not yet sent are signed with the new one)
export const POST = ajax({
  resources: ['flows_write'],
  handler: ({ ctx, params }) => rotateWebhookSecret(ctx.principal.companyId, params.id!),
})
