import { ajax } from '@/lib/http/ajax'
import { undeleteMessage } from '@/lib/flows/ajax/messages-update'

// POST /ajax/flow/message/[id]/undelete – restores a deleted message action (as draft, in its old place when possible)
export const POST = ajax({
  resources: ['flows_undelete_message_action'],
  handler: ({ ctx, params }) => undeleteMessage(ctx.principal.companyId, params.id!),
})
