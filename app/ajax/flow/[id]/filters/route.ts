import { ajax } from '@/lib/http/ajax'
import { clearFilters } from '@/lib/flows/ajax/triggers-configure'

// POST /ajax/flow/[id]/filters – clears the profile filter and the trigger filter; a new version
export const POST = ajax({
  resources: ['flows_triggers_filters_write'],
  handler: ({ ctx, params }) => clearFilters(ctx.principal.companyId, params.id!, ctx.principal.userId),
})
