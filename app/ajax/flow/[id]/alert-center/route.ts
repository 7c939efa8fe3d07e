import { ajax } from '@/lib/http/ajax'
import { flowAlertCenter } from '@/lib/flows/ajax/flows-alert-center'

// GET /ajax/flow/{id}/alert-center – the flow's problems: issues, failed steps in 24 h, webhook failures
export const GET = ajax({
  resources: ['flows_read'],
  handler: ({ ctx, params }) => flowAlertCenter(ctx.principal.companyId, params.id!),
})
