import { ajax } from '@/lib/http/ajax'
import { renameWebhook, webhookNameBody } from '@/lib/flows/webhook-action/webhook-ajax'

// POST /ajax/flow/webhook/{actionId}/name – renames the webhook action (a new flow version)
export const POST = ajax({
  resources: ['flows_write'],
  body: webhookNameBody,
  handler: ({ ctx, params, body }) => renameWebhook(ctx.principal.companyId, params.id!, body.name),
})
