import { ajax } from '@/lib/http/ajax'
import { testWebhookStatus } from '@/lib/flows/webhook-action/webhook-ajax'

// GET /ajax/flow/webhook/{actionId}/preview/status – the last test request: status, attempts, HTTP status and answer
export const GET = ajax({
  resources: ['flows_read'],
  handler: ({ ctx, params }) => testWebhookStatus(ctx.principal.companyId, params.id!),
})
