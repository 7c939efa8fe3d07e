import { ajax } from '@/lib/http/ajax'
import { getSyncOverview } from '@/lib/data-sync/sync-overview'

// GET /ajax/data-sync – the destinations, their syncs with the last run, and the lists and segments to choose from
export const GET = ajax({
  resources: ['integrations_read'],
  handler: ({ ctx }) => getSyncOverview(ctx.principal.companyId),
})
