import { ajax } from '@/lib/http/ajax'
import { READ, WRITE, ajaxBody } from '@/lib/campaigns/ajax/common'
import * as h from '@/lib/campaigns/ajax/handlers'

// GET /ajax/campaigns – the campaigns list (channel, status, archived, tag, q; sort last/first modified, last/first sent; page, pageSize)
export const GET = ajax({
  resources: READ,
  query: h.listQuery,
  handler: ({ ctx, query }) => h.list(ctx.principal.companyId, query),
})

// POST /ajax/campaigns – a new Draft campaign with its message (201)
export const POST = ajax({
  resources: WRITE,
  status: 201,
  handler: async ({ ctx }) =>
    h.create(ctx.principal.companyId, ctx.principal.userId, await ajaxBody(ctx.req, h.createBody)),
})
