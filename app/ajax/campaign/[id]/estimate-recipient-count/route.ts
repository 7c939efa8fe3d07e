import { ajax } from '@/lib/http/ajax'
import { READ, WRITE } from '@/lib/campaigns/ajax/common'
import * as h from '@/lib/campaigns/ajax/handlers'

// GET /ajax/campaign/{id}/estimate-recipient-count – the last estimation (status, count, exclusions) or null
export const GET = ajax({
  resources: READ,
  handler: ({ ctx, params }) => h.estimation(ctx.principal.companyId, params.id!),
})

// POST /ajax/campaign/{id}/estimate-recipient-count – starts a background estimation (202)
export const POST = ajax({
  resources: WRITE,
  status: 202,
  handler: ({ ctx, params }) => h.estimate(ctx.principal.companyId, params.id!),
})
