import { apiRoute } from '@/lib/api/api-route'
import { nextLink } from '@/lib/api/cursor'
import { formVersionsPage } from '@/lib/api/forms/form-queries'

// GET /api/forms/{id}/relationships/form-versions – the ids of the form's versions, paged like the versions
export const GET = apiRoute({
  scopes: ['forms:read'],
  rate: 'S',
  handler: async ({ ctx, params }) => {
    const { page, next } = await formVersionsPage(ctx.companyId, params.id!, ctx.url)
    return {
      data: page.map((v) => ({ type: 'form-version' as const, id: String(v.id) })),
      links: { self: ctx.url.toString(), next: next ? nextLink(ctx.url, next) : null, prev: null },
    }
  },
})
