import { apiRoute } from '@/lib/api/api-route'
import { typeOr404 } from '@/lib/custom-objects/api/extra-parts'

// GET /api/object-types/{id}/relationships/draft-schema – the id of the type's schema when it is draft (data null otherwise)
export const GET = apiRoute({
  scopes: ['custom-objects:read'],
  rate: 'M',
  handler: async ({ ctx, params }) => {
    const t = await typeOr404(ctx.companyId, params.id!)
    return {
      data: t.status === 'draft' ? { type: 'object-schema', id: t.id } : null,
      links: { self: ctx.url.toString() },
    }
  },
})
