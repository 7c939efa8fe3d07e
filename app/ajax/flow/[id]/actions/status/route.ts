import { ajax } from '@/lib/http/ajax'
import { bulkStatusBody, setBulkActionStatus } from '@/lib/flows/ajax/actions-settings'

// POST /ajax/flow/[id]/actions/status – one status (live, manual, draft, disabled) for several actions of the flow
export const POST = ajax({
  resources: ['flows_action_status_write'],
  body: bulkStatusBody,
  handler: ({ ctx, params, body }) =>
    setBulkActionStatus(ctx.principal.companyId, params.id!, body, ctx.principal.userId),
})
