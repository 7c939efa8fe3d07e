import { ajax } from '@/lib/http/ajax'
import { camelQuery } from '@/lib/groups/paging'
import { listSentMessages, listSentMessagesQuery } from '@/lib/messages/list-sent-messages'

// GET /ajax/messages – the company's sent messages (Send rows), newest first, with outbox status
export const GET = ajax({
  resources: ['templates_read', 'profile_read'],
  query: camelQuery(listSentMessagesQuery),
  handler: ({ ctx, query }) => listSentMessages(ctx.principal.companyId, query),
})

export type ListSentMessagesResponse = Awaited<ReturnType<typeof listSentMessages>>
