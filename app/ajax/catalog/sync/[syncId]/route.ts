import { ajax } from '@/lib/http/ajax'
import { catalogCall } from '@/lib/catalog/ajax-result'
import { getSync } from '@/lib/catalog/sources/sync'

// GET /ajax/catalog/sync/{syncId} – one sync: status, counts (added, updated, unpublished, failed), error, entry errors
export const GET = ajax({
  resources: ['catalog_read'],
  handler: ({ ctx, params }) =>
    catalogCall(async () => ({ sync: await getSync(ctx.principal.companyId, params.syncId!) })),
})
