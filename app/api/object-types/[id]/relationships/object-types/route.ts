import { apiRoute } from '@/lib/api/api-route'
import { typeOr404 } from '@/lib/custom-objects/api/extra-parts'

// GET /api/object-types/{id}/relationships/object-types – object types related to this one: none
// (relationships between custom objects are not kept; records link to profiles only)
export const GET = apiRoute({
  scopes: ['custom-objects:read'],
  rate: 'M',
  handler: async ({ ctx, params }) => {
    await typeOr404(ctx.companyId, params.id!)
    return { data: [], links: { self: ctx.url.toString() } }
  },
})
