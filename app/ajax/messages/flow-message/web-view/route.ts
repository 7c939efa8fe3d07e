import { ajax } from '@/lib/http/ajax'
import { flowMessageWebViewQuery, getFlowMessageWebView } from '@/lib/messaging/flow-message-web-view'

// GET /ajax/messages/flow-message/web-view?recipient_id=… – one recipient's flow email as it was sent (404 for a bad or foreign id)
export const GET = ajax({
  resources: ['campaigns_read'],
  query: flowMessageWebViewQuery,
  handler: async ({ ctx, query }) => ({
    message: await getFlowMessageWebView(ctx.principal.companyId, query.recipient_id),
  }),
})
