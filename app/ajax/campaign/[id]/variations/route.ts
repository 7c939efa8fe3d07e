import { ajax } from '@/lib/http/ajax'
import { READ, WRITE, ajaxBody } from '@/lib/campaigns/ajax/common'
import * as h from '@/lib/campaigns/ajax/handlers'

// GET /ajax/campaign/{id}/variations – the A/B test config and variations
export const GET = ajax({
  resources: READ,
  handler: ({ ctx, params }) => h.variations(ctx.principal.companyId, params.id!),
})

// PUT /ajax/campaign/{id}/variations – replaces the A/B test config and the variations
export const PUT = ajax({
  resources: WRITE,
  handler: async ({ ctx, params }) =>
    h.putVariations(ctx.principal.companyId, params.id!, await ajaxBody(ctx.req, h.variationsPutBody)),
})
