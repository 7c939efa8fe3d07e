import { ajax } from '@/lib/http/ajax'
import { READ, WRITE, ajaxBody } from '@/lib/campaigns/ajax/common'
import * as h from '@/lib/campaigns/ajax/handlers'

// GET /ajax/campaign/{id}/smart-sending – whether smart sending is on
export const GET = ajax({
  resources: READ,
  handler: ({ ctx, params }) => h.smartSending(ctx.principal.companyId, params.id!),
})

// POST /ajax/campaign/{id}/smart-sending – turns smart sending on or off
export const POST = ajax({
  resources: WRITE,
  handler: async ({ ctx, params }) =>
    h.setSmartSending(ctx.principal.companyId, params.id!, await ajaxBody(ctx.req, h.smartSendingBody)),
})
