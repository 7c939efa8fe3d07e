import { ajax } from '@/lib/http/ajax'
import { READ, WRITE, ajaxBody } from '@/lib/campaigns/ajax/common'
import * as h from '@/lib/campaigns/ajax/handlers'

// GET /ajax/campaign/{id} – the campaign with its messages, variations and tags
export const GET = ajax({
  resources: READ,
  handler: ({ ctx, params }) => h.get(ctx.principal.companyId, params.id!),
})

// PATCH /ajax/campaign/{id} – name, audiences (each list replaces the old), send strategy and options, tracking, holdout, late window, tags
export const PATCH = ajax({
  resources: WRITE,
  handler: async ({ ctx, params }) =>
    h.update(ctx.principal.companyId, params.id!, await ajaxBody(ctx.req, h.patchBody)),
})

// DELETE /ajax/campaign/{id} – deletes the campaign (refused while it is being sent)
export const DELETE = ajax({
  resources: WRITE,
  handler: ({ ctx, params }) => h.remove(ctx.principal.companyId, params.id!),
})
