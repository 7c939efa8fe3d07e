import { ajax } from '@/lib/http/ajax'
import { WRITE, ajaxBody } from '@/lib/campaigns/ajax/common'
import * as h from '@/lib/campaigns/ajax/handlers'

// POST /ajax/campaign/{id}/variations/winner – the merchant picks the A/B winner; the rest of the audience gets it
export const POST = ajax({
  resources: WRITE,
  handler: async ({ ctx, params }) =>
    h.winner(ctx.principal.companyId, params.id!, await ajaxBody(ctx.req, h.winnerBody)),
})
