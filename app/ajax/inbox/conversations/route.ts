import { ajax } from '@/lib/http/ajax'
import { listConversations, listConversationsQuery } from '@/lib/inbox/list-conversations'

// GET /ajax/inbox/conversations – the inbox list with its filters (status, assigned, unread, channel, q), 25 a page
export const GET = ajax({
  resources: ['sms_conversations_read'],
  query: listConversationsQuery,
  handler: ({ ctx, query }) => listConversations(ctx.principal.companyId, ctx.principal.user.id, query),
})
export type ConversationsListResponse = Awaited<ReturnType<typeof listConversations>>
