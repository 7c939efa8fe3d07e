import { ajax } from '@/lib/http/ajax'
import { setActionTiming, timingBody } from '@/lib/flows/ajax/actions-settings'

// POST /ajax/flow/action/[id]/timing – a delay's timing fields (delay_unit_value, delay_units, send_time, …); a new version
export const POST = ajax({
  resources: ['flows_write'],
  body: timingBody,
  handler: ({ ctx, params, body }) => setActionTiming(ctx.principal.companyId, params.id!, body, ctx.principal.userId),
})
