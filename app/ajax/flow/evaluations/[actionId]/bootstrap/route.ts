import { ajax } from '@/lib/http/ajax'
import { evaluationsBootstrap } from '@/lib/flows/ajax/evaluations-records'

// GET /ajax/flow/evaluations/[actionId]/bootstrap – the activity report's action, flow, counts per status and columns
export const GET = ajax({
  resources: ['flows_reporting'],
  handler: ({ ctx, params }) => evaluationsBootstrap(ctx.principal.companyId, params.actionId!),
})
