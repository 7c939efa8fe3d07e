import { ajax } from '@/lib/http/ajax'
import { decideBody, decideEvaluations } from '@/lib/flows/ajax/evaluations-records'

// POST /ajax/flow/evaluations/[actionId]/approve – approves waiting evaluations of a manual action (ids, or all: true)
export const POST = ajax({
  resources: ['flows_action_status_write'],
  body: decideBody,
  handler: ({ ctx, params, body }) => decideEvaluations(ctx.principal.companyId, params.actionId!, 'approve', body),
})
