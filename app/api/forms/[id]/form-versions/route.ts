import { apiRoute } from '@/lib/api/api-route'
import { nextLink } from '@/lib/api/cursor'
import { sparseFields } from '@/lib/api/query-params'
import { formVersionsPage } from '@/lib/api/forms/form-queries'
import { FORM_VERSION_FIELDS, serializeFormVersion } from '@/lib/api/forms/serialize-form'

// GET /api/forms/{id}/form-versions – the form's versions, 20 per page; filter form_type, status, created_at, updated_at
export const GET = apiRoute({
  scopes: ['forms:read'],
  rate: 'S',
  handler: async ({ ctx, params }) => {
    const { page, next } = await formVersionsPage(ctx.companyId, params.id!, ctx.url)
    const fields = sparseFields(ctx.url, 'form-version', FORM_VERSION_FIELDS)
    return {
      data: page.map((v) => serializeFormVersion(ctx.url, v, fields)),
      links: { self: ctx.url.toString(), next: next ? nextLink(ctx.url, next) : null, prev: null },
    }
  },
})
