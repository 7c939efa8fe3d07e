import { ajax } from '@/lib/http/ajax'
import { actionType } from '@/lib/flows/ajax/messages-preview'

// GET /ajax/flow/message/[id]/action-type – the message's action type, channel code and message key
export const GET = ajax({
  resources: ['flows_read'],
  handler: ({ ctx, params }) => actionType(ctx.principal.companyId, params.id!),
})
