import { ajax } from '@/lib/http/ajax'
import { knownDestination } from '@/lib/data-sync/destination-param'
import { listSyncAttempts, syncHistoryQuery } from '@/lib/data-sync/sync-history'

// GET /ajax/data-sync/destinations/{destination}/logs – every delivery attempt (?syncId, ?limit)
export const GET = ajax({
  resources: ['integrations_read'],
  query: syncHistoryQuery,
  handler: ({ ctx, query, params }) =>
    listSyncAttempts(ctx.principal.companyId, knownDestination(params.destination).key, query),
})
