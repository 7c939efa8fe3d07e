import { ajax } from '@/lib/http/ajax'
import { READ } from '@/lib/campaigns/ajax/common'
import * as h from '@/lib/campaigns/ajax/handlers'

// GET /ajax/campaign-library – templates to start from and recent sent campaigns to clone (channel, q)
export const GET = ajax({
  resources: READ,
  query: h.libraryQuery,
  handler: ({ ctx, query }) => h.library(ctx.principal.companyId, query),
})
