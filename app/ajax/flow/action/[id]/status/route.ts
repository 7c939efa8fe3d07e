import { ajax } from '@/lib/http/ajax'
import { actionStatusBody, setActionStatus } from '@/lib/flows/ajax/actions-settings'

// POST /ajax/flow/action/[id]/status – the action's status (live, manual, draft, disabled; beta and talonId accepted)
export const POST = ajax({
  resources: ['flows_action_status_write'],
  body: actionStatusBody,
  handler: ({ ctx, params, body }) => setActionStatus(ctx.principal.companyId, params.id!, body, ctx.principal.userId),
})
