import { ajax } from '@/lib/http/ajax'
import { flowTotals } from '@/lib/flows/ajax/flows-list'

// GET /ajax/flows/list/total_count – how many flows, by status, and archived
export const GET = ajax({
  resources: ['flows_read'],
  handler: ({ ctx }) => flowTotals(ctx.principal.companyId),
})
