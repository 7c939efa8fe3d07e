import { ajax } from '@/lib/http/ajax'
import { previewBody, previewMessage, previewQuery } from '@/lib/flows/ajax/messages-preview'

// POST /ajax/content/variation/[id]/preview – a variation rendered for a profile or the sample profile
export const POST = ajax({
  resources: ['flows_read'],
  body: previewBody,
  handler: ({ ctx, params, body }) => previewMessage(ctx.principal.companyId, params.id!, body),
})

// GET /ajax/content/variation/[id]/preview – the same with ?profile_id=
export const GET = ajax({
  resources: ['flows_read'],
  query: previewQuery,
  handler: ({ ctx, params, query }) => previewMessage(ctx.principal.companyId, params.id!, query),
})
