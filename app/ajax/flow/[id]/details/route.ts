import { ajax } from '@/lib/http/ajax'
import { flowDetailsBody, getFlowDetails, updateFlowDetails } from '@/lib/flows/ajax/flows-details'

// GET /ajax/flow/{id}/details – the flow's name, status ("0".."4"), tags
export const GET = ajax({
  resources: ['flows_read'],
  handler: ({ ctx, params }) => getFlowDetails(ctx.principal.companyId, params.id!),
})

// POST /ajax/flow/{id}/details – changes name, status (text code; invalid transitions 400) and tags
export const POST = ajax({
  resources: ['flows_write'],
  body: flowDetailsBody,
  handler: ({ ctx, params, body }) =>
    updateFlowDetails(ctx.principal.companyId, ctx.principal.userId, params.id!, body),
})
