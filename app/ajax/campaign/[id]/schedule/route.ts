import { ajax } from '@/lib/http/ajax'
import { WRITE, ajaxBody } from '@/lib/campaigns/ajax/common'
import * as h from '@/lib/campaigns/ajax/handlers'

// POST /ajax/campaign/{id}/schedule – saves the send strategy (if given) and sends or schedules the campaign
export const POST = ajax({
  resources: WRITE,
  handler: async ({ ctx, params }) =>
    h.schedule(ctx.principal.companyId, ctx.principal.userId, params.id!, await ajaxBody(ctx.req, h.scheduleBody)),
})
