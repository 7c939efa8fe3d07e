import { ajax } from '@/lib/http/ajax'
import { getSentMessage } from '@/lib/messages/list-sent-messages'

// GET /ajax/messages/[id] – one sent message: rendered HTML, text, headers and delivery status
export const GET = ajax({
  resources: ['templates_read', 'profile_read'],
  handler: ({ ctx, params }) => getSentMessage(ctx.principal.companyId, params.id!),
})

export type GetSentMessageResponse = Awaited<ReturnType<typeof getSentMessage>>
