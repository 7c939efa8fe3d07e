import { ajax } from '@/lib/http/ajax'
import { READ, WRITE, ajaxBody } from '@/lib/campaigns/ajax/common'
import * as h from '@/lib/campaigns/ajax/handlers'

// GET /ajax/campaign-wizard/{id}/audience – the campaign's audiences and the lists and segments to choose from
export const GET = ajax({
  resources: READ,
  handler: ({ ctx, params }) => h.wizardAudience(ctx.principal.companyId, params.id!),
})

// POST /ajax/campaign-wizard/{id}/audience – saves the included and excluded lists and segments
export const POST = ajax({
  resources: WRITE,
  handler: async ({ ctx, params }) =>
    h.saveWizardAudience(ctx.principal.companyId, params.id!, await ajaxBody(ctx.req, h.audienceBody)),
})
