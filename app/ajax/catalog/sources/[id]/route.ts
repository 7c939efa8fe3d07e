import { ajax } from '@/lib/http/ajax'
import { catalogCall } from '@/lib/catalog/ajax-result'
import { getSource } from '@/lib/catalog/sources/sync'

// GET /ajax/catalog/sources/{id} – one source with its sync history (newest first)
export const GET = ajax({
  resources: ['catalog_read'],
  handler: ({ ctx, params }) => catalogCall(() => getSource(ctx.principal.companyId, params.id!)),
})
