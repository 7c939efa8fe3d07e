import { ajax } from '@/lib/http/ajax'
import { previewBody, previewQuery, previewWebhook, sendTestWebhook } from '@/lib/flows/webhook-action/webhook-ajax'

// GET /ajax/flow/webhook/{actionId}/preview – the signed request rendered for a sample profile (profileId, else the newest)
export const GET = ajax({
  resources: ['flows_read'],
  query: previewQuery,
  handler: ({ ctx, params, query }) => previewWebhook(ctx.principal.companyId, params.id!, query.profileId),
})

// POST /ajax/flow/webhook/{actionId}/preview – sends that request to the URL as a test (status at .../preview/status)
export const POST = ajax({
  resources: ['flows_write'],
  body: previewBody,
  status: 202,
  handler: ({ ctx, params, body }) => sendTestWebhook(ctx.principal.companyId, params.id!, body.profileId),
})
