import { ajax } from '@/lib/http/ajax'
import { filtersBody, setTriggerFilters } from '@/lib/flows/ajax/triggers-configure'

// POST /ajax/flow/[id]/trigger-filters – the trigger's filter on event properties (filters: JSON text, null clears); a new version
export const POST = ajax({
  resources: ['flows_triggers_filters_write'],
  body: filtersBody,
  handler: ({ ctx, params, body }) =>
    setTriggerFilters(ctx.principal.companyId, params.id!, body.filters, ctx.principal.userId),
})
