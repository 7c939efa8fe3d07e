import { ajax } from '@/lib/http/ajax'
import { configureBody, updateTrigger } from '@/lib/flows/ajax/triggers-configure'

// POST /ajax/flow/[id]/trigger/update – changes a price drop, date based or low inventory trigger; a new version
export const POST = ajax({
  resources: ['flows_write'],
  body: configureBody,
  handler: ({ ctx, params, body }) => updateTrigger(ctx.principal.companyId, params.id!, body, ctx.principal.userId),
})
