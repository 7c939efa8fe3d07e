import { ajax } from '@/lib/http/ajax'
import { READ, ajaxBody } from '@/lib/campaigns/ajax/common'
import * as h from '@/lib/campaigns/ajax/handlers'

// POST /ajax/campaign/{id}/exports – the recipients CSV through the downloads worker (202 {downloadId, workerId})
export const POST = ajax({
  resources: READ,
  status: 202,
  handler: async ({ ctx, params }) =>
    h.exportCsv(ctx.principal.companyId, ctx.principal.userId, params.id!, await ajaxBody(ctx.req, h.exportBody)),
})
