import { ajax } from '@/lib/http/ajax'
import { messageRecipients, reportPageQuery } from '@/lib/flows/reports/message-recipients'

// GET /ajax/flow/message/[id]/reports/recipients – the message's sends, paged, with opens and clicks
export const GET = ajax({
  resources: ['flows_read', 'flows_reporting'],
  query: reportPageQuery,
  handler: ({ ctx, params, query }) => messageRecipients(ctx.principal.companyId, params.id!, query),
})
export type MessageRecipientsResponse = Awaited<ReturnType<typeof messageRecipients>>
