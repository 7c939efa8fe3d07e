import { apiRoute } from '@/lib/api/api-route'
import { pageSize } from '@/lib/api/query-params'
import { ingestionLogs, typeOr404 } from '@/lib/custom-objects/api/extra-parts'

// GET /api/object-types/{id}/object-ingestion-logs – the records its data source refused, newest first
export const GET = apiRoute({
  scopes: ['custom-objects:read'],
  rate: 'M',
  handler: async ({ ctx, params }) => {
    const size = pageSize(ctx.url, { def: 20, max: 100 })
    const t = await typeOr404(ctx.companyId, params.id!)
    return { data: await ingestionLogs(ctx.url, t, size), links: { self: ctx.url.toString(), next: null, prev: null } }
  },
})
