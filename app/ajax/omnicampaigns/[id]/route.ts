import { ajax } from '@/lib/http/ajax'
import { READ } from '@/lib/campaigns/ajax/common'
import * as h from '@/lib/campaigns/ajax/handlers'

// GET /ajax/omnicampaigns/{id} – one omnichannel campaign and its campaigns
export const GET = ajax({
  resources: READ,
  handler: ({ ctx, params }) => h.omniGet(ctx.principal.companyId, params.id!),
})
