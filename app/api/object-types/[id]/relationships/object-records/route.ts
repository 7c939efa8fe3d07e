import { apiRoute } from '@/lib/api/api-route'
import { recordPage } from '@/lib/custom-objects/api/record-pages'

// GET /api/object-types/{id}/relationships/object-records – the ids of the type's records
export const GET = apiRoute({
  scopes: ['custom-objects:read'],
  rate: 'M',
  handler: async ({ ctx, params }) => {
    const { page, links } = await recordPage(ctx.companyId, ctx.url, params.id!)
    return { data: page.map((r) => ({ type: 'object-record', id: r.id })), links }
  },
})
