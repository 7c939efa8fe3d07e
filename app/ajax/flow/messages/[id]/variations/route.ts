import { ajax } from '@/lib/http/ajax'
import { getVariations } from '@/lib/flows/ajax/messages-view'

// GET /ajax/flow/messages/[id]/variations – the variations of the message's A/B test with their weights (a plain message: itself)
export const GET = ajax({
  resources: ['flows_read'],
  handler: ({ ctx, params }) => getVariations(ctx.principal.companyId, params.id!),
})
