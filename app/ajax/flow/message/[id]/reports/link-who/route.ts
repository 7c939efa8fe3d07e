import { ajax } from '@/lib/http/ajax'
import { linkWhoQuery } from '@/lib/reporting/send-reports'
import { messageLinkClickers } from '@/lib/flows/reports/message-links'

// GET /ajax/flow/message/[id]/reports/link-who?url= – the people who clicked one link of the message (machine clicks left out)
export const GET = ajax({
  resources: ['flows_read', 'flows_reporting'],
  query: linkWhoQuery,
  handler: ({ ctx, params, query }) => messageLinkClickers(ctx.principal.companyId, params.id!, query),
})
