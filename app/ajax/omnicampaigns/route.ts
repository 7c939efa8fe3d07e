import { ajax } from '@/lib/http/ajax'
import { READ, WRITE, ajaxBody } from '@/lib/campaigns/ajax/common'
import * as h from '@/lib/campaigns/ajax/handlers'

// GET /ajax/omnicampaigns – omnichannel campaigns (campaigns sharing an omnicampaign id), newest first
export const GET = ajax({
  resources: READ,
  query: h.pageQuery,
  handler: ({ ctx, query }) => h.omniList(ctx.principal.companyId, query),
})

// POST /ajax/omnicampaigns – one Draft campaign per channel, sharing an omnicampaign id (201)
export const POST = ajax({
  resources: WRITE,
  status: 201,
  handler: async ({ ctx }) =>
    h.omniCreate(ctx.principal.companyId, ctx.principal.userId, await ajaxBody(ctx.req, h.omniBody)),
})
