import { ajax } from '@/lib/http/ajax'
import { READ, WRITE, ajaxBody } from '@/lib/campaigns/ajax/common'
import * as h from '@/lib/campaigns/ajax/handlers'

// GET /ajax/campaign/{id}/send-time-optimization – the send strategy (static, local time, throttled, smart send time)
export const GET = ajax({
  resources: READ,
  handler: ({ ctx, params }) => h.sendTime(ctx.principal.companyId, params.id!),
})

// POST /ajax/campaign/{id}/send-time-optimization – saves the send strategy
export const POST = ajax({
  resources: WRITE,
  handler: async ({ ctx, params }) =>
    h.setSendTime(ctx.principal.companyId, params.id!, await ajaxBody(ctx.req, h.sendTimeBody)),
})
