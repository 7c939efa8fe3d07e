import { ajax } from '@/lib/http/ajax'
import { READ, WRITE, ajaxBody } from '@/lib/campaigns/ajax/common'
import * as h from '@/lib/campaigns/ajax/handlers'

// GET /ajax/campaign/{id}/content – the campaign's messages
export const GET = ajax({
  resources: READ,
  handler: ({ ctx, params }) => h.content(ctx.principal.companyId, params.id!),
})

// POST /ajax/campaign/{id}/content – a message's label, content fields (merged), render options or template (copied)
export const POST = ajax({
  resources: WRITE,
  handler: async ({ ctx, params }) =>
    h.saveContent(ctx.principal.companyId, params.id!, await ajaxBody(ctx.req, h.contentBody)),
})
