import { ajax } from '@/lib/http/ajax'
import { WRITE, ajaxBody } from '@/lib/campaigns/ajax/common'
import * as h from '@/lib/campaigns/ajax/handlers'

// POST /ajax/campaign/{id}/clone – a Draft copy (name, default "Copy of …"), with copies of the templates (201)
export const POST = ajax({
  resources: WRITE,
  status: 201,
  handler: async ({ ctx, params }) =>
    h.clone(ctx.principal.companyId, ctx.principal.userId, params.id!, await ajaxBody(ctx.req, h.cloneBody)),
})
