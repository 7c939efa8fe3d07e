import { ajax } from '@/lib/http/ajax'
import { filtersBody, setCustomerFilters } from '@/lib/flows/ajax/triggers-configure'

// POST /ajax/flow/[id]/customer-filters – the flow's profile filter (filters: JSON text, null clears); a new version
export const POST = ajax({
  resources: ['flows_triggers_filters_write'],
  body: filtersBody,
  handler: ({ ctx, params, body }) =>
    setCustomerFilters(ctx.principal.companyId, params.id!, body.filters, ctx.principal.userId),
})
