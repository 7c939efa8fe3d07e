import { ajax } from '@/lib/http/ajax'
import { createActionMessage, messageCreateBody } from '@/lib/flows/ajax/actions-settings'

// POST /ajax/flow/action/[id]/message/create – the default message of channel 4, 6, 12 or 19 for a send action without one; a new version
export const POST = ajax({
  resources: ['flows_write'],
  body: messageCreateBody,
  handler: ({ ctx, params, body }) =>
    createActionMessage(ctx.principal.companyId, params.id!, body, ctx.principal.userId),
})
