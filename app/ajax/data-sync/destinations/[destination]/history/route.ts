import { ajax } from '@/lib/http/ajax'
import { knownDestination } from '@/lib/data-sync/destination-param'
import { listSyncRuns, syncHistoryQuery } from '@/lib/data-sync/sync-history'

// GET /ajax/data-sync/destinations/{destination}/history – past runs, newest first (?syncId, ?limit)
export const GET = ajax({
  resources: ['integrations_read'],
  query: syncHistoryQuery,
  handler: ({ ctx, query, params }) =>
    listSyncRuns(ctx.principal.companyId, knownDestination(params.destination).key, query),
})
