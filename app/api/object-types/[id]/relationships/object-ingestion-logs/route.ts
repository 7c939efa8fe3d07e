import { apiRoute } from '@/lib/api/api-route'
import { pageSize } from '@/lib/api/query-params'
import { ingestionLogs, typeOr404 } from '@/lib/custom-objects/api/extra-parts'

// GET /api/object-types/{id}/relationships/object-ingestion-logs – the ids of its ingestion logs
export const GET = apiRoute({
  scopes: ['custom-objects:read'],
  rate: 'M',
  handler: async ({ ctx, params }) => {
    const size = pageSize(ctx.url, { def: 20, max: 100 })
    const t = await typeOr404(ctx.companyId, params.id!)
    const logs = await ingestionLogs(ctx.url, t, size)
    return {
      data: logs.map((l) => ({ type: l.type, id: l.id })),
      links: { self: ctx.url.toString(), next: null, prev: null },
    }
  },
})
