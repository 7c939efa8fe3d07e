import { ajax } from '@/lib/http/ajax'
import { updateVariationWeight, weightBody } from '@/lib/flows/ajax/messages-update'

// POST /ajax/flow/message/[id]/variations/update-weight – one variation's weight (variation, weight as text)
export const POST = ajax({
  resources: ['flows_write'],
  body: weightBody,
  handler: ({ ctx, params, body }) => updateVariationWeight(ctx.principal.companyId, params.id!, body),
})
