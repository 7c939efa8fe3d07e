import { apiRoute } from '@/lib/api/api-route'
import { typeOr404 } from '@/lib/custom-objects/api/extra-parts'

// GET /api/object-schemas/{id}/relationships/source-mapping – the id of its source mapping (the same id)
export const GET = apiRoute({
  scopes: ['custom-objects:read'],
  rate: 'M',
  handler: async ({ ctx, params }) => {
    const t = await typeOr404(ctx.companyId, params.id!, 'An object schema')
    return { data: { type: 'source-mapping', id: t.id }, links: { self: ctx.url.toString() } }
  },
})
