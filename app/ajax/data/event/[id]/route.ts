import { ajax } from '@/lib/http/ajax'
import { getEventOrThrow } from '@/lib/metrics/get-event'
import { intParam } from '@/lib/metrics/ajax-inputs'

// GET /ajax/data/event/{id} – one event with its metric, profile and properties
export const GET = ajax({
  resources: ['metrics_read'],
  handler: ({ ctx, params }) => getEventOrThrow(ctx.principal.companyId, intParam(params.id)),
})
