import { ajax } from '@/lib/http/ajax'
import { getMessage } from '@/lib/flows/ajax/messages-view'

// GET /ajax/flow/messages/[id] – one flow message (send action or A/B test variation) with its settings and template
export const GET = ajax({
  resources: ['flows_read'],
  handler: ({ ctx, params }) => getMessage(ctx.principal.companyId, params.id!),
})
