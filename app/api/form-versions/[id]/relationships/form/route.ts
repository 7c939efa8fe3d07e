import { apiRoute } from '@/lib/api/api-route'
import { formVersionOr404 } from '@/lib/api/forms/form-queries'

// GET /api/form-versions/{id}/relationships/form – the id of the version's form
export const GET = apiRoute({
  scopes: ['forms:read'],
  rate: 'S',
  handler: async ({ ctx, params }) => {
    const v = await formVersionOr404(ctx.companyId, params.id!)
    return { data: { type: 'form' as const, id: v.formId }, links: { self: ctx.url.toString() } }
  },
})
