import { ajax } from '@/lib/http/ajax'
import { inboxEtag, inboxUpdates, inboxUpdatesQuery, refreshInbox } from '@/lib/inbox/inbox-updates'

// GET /ajax/inbox/updates?conversation=&after= – the screen's poll: 304 while nothing changed (If-None-Match), else the new messages after the cursor
export const GET = ajax({
  resources: ['sms_conversations_read'],
  query: inboxUpdatesQuery,
  handler: async ({ ctx, query }) => {
    const companyId = ctx.principal.companyId
    await refreshInbox(companyId, query.conversation)
    const etag = await inboxEtag(companyId, query.conversation)
    const headers = { etag, 'cache-control': 'private, no-cache' }
    if (ctx.req.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers })
    return Response.json(await inboxUpdates(companyId, query), { headers })
  },
})
export type InboxUpdatesResponse = Awaited<ReturnType<typeof inboxUpdates>>
