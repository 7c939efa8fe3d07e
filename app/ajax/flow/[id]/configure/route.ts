import { ajax } from '@/lib/http/ajax'
import { configureBody, configureTrigger } from '@/lib/flows/ajax/triggers-configure'

// POST /ajax/flow/[id]/configure – sets the flow's trigger (type, source, filters as JSON text); a new version
export const POST = ajax({
  resources: ['flows_write'],
  body: configureBody,
  handler: ({ ctx, params, body }) => configureTrigger(ctx.principal.companyId, params.id!, body, ctx.principal.userId),
})
