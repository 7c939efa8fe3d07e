import { apiRoute } from '@/lib/api/api-route'
import { typeOr404 } from '@/lib/custom-objects/api/extra-parts'

// GET /api/object-types/{id}/relationships/schema-versions – the ids of the type's schemas (one)
export const GET = apiRoute({
  scopes: ['custom-objects:read'],
  rate: 'M',
  handler: async ({ ctx, params }) => {
    const t = await typeOr404(ctx.companyId, params.id!)
    return { data: [{ type: 'object-schema', id: t.id }], links: { self: ctx.url.toString(), next: null, prev: null } }
  },
})
