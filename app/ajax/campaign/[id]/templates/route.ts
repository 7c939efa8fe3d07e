import { ajax } from '@/lib/http/ajax'
import { READ, WRITE, ajaxBody } from '@/lib/campaigns/ajax/common'
import * as h from '@/lib/campaigns/ajax/handlers'

// GET /ajax/campaign/{id}/templates – the reusable templates to pick from
export const GET = ajax({
  resources: READ,
  handler: async ({ ctx, params }) => {
    await h.get(ctx.principal.companyId, params.id!)
    return h.templates(ctx.principal.companyId)
  },
})

// POST /ajax/campaign/{id}/templates – assigns a template to a message (a non-reusable copy)
export const POST = ajax({
  resources: WRITE,
  handler: async ({ ctx, params }) =>
    h.assign(ctx.principal.companyId, params.id!, await ajaxBody(ctx.req, h.templateBody)),
})
