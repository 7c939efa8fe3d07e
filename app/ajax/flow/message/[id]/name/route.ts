import { ajax } from '@/lib/http/ajax'
import { nameBody, renameMessage } from '@/lib/flows/ajax/messages-update'

// POST /ajax/flow/message/[id]/name – renames the message (a new flow version)
export const POST = ajax({
  resources: ['flows_content_write'],
  body: nameBody,
  handler: ({ ctx, params, body }) => renameMessage(ctx.principal.companyId, params.id!, body.name),
})
