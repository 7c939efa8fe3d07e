import { ajax } from '@/lib/http/ajax'
import { displayableUtm } from '@/lib/flows/ajax/messages-preview'

// GET /ajax/flow/message/[id]/displayable_utm – the UTM parameters the message's links will carry, as text
export const GET = ajax({
  resources: ['flows_read'],
  handler: ({ ctx, params }) => displayableUtm(ctx.principal.companyId, params.id!),
})
