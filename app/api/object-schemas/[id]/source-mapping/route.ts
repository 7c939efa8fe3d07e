import { apiRoute } from '@/lib/api/api-route'
import { serializeSourceMapping, typeOr404 } from '@/lib/custom-objects/api/extra-parts'

// GET /api/object-schemas/{id}/source-mapping – where the schema's properties come from
export const GET = apiRoute({
  scopes: ['custom-objects:read'],
  rate: 'M',
  handler: async ({ ctx, params }) => {
    const t = await typeOr404(ctx.companyId, params.id!, 'An object schema')
    const data = serializeSourceMapping(ctx.url, t)
    return { data, links: { self: ctx.url.toString() } }
  },
})
