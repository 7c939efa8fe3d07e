import { ajax } from '@/lib/http/ajax'
import { badRequest } from '@/lib/errors/app-error'
import { catalogCall } from '@/lib/catalog/ajax-result'
import { requestSync } from '@/lib/catalog/sources/sync'
import { jsonBody } from '@/lib/catalog/sources/ajax'

// POST /ajax/catalog/resync – { sourceId }: queues a full sync (marked full in the history) → { syncId }
export const POST = ajax({
  resources: ['catalog_read', 'catalog_write'],
  handler: ({ ctx }) =>
    catalogCall(async () => {
      const { sourceId } = await jsonBody(ctx.req)
      if (typeof sourceId !== 'string' || !sourceId)
        throw badRequest('Choose a source.', { sourceId: ['Choose a source.'] })
      return { syncId: await requestSync(ctx.principal.companyId, sourceId, true) }
    }),
})
