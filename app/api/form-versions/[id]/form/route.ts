import { apiRoute } from '@/lib/api/api-route'
import { sparseFields } from '@/lib/api/query-params'
import { formOr404, formsWithAbTest, formVersionOr404 } from '@/lib/api/forms/form-queries'
import { FORM_FIELDS, serializeForm } from '@/lib/api/forms/serialize-form'

// GET /api/form-versions/{id}/form – the form a version belongs to
export const GET = apiRoute({
  scopes: ['forms:read'],
  rate: 'S',
  handler: async ({ ctx, params }) => {
    const v = await formVersionOr404(ctx.companyId, params.id!)
    const f = await formOr404(ctx.companyId, v.formId)
    const ab = await formsWithAbTest(ctx.companyId, [f.id])
    const data = serializeForm(ctx.url, f, ab.has(f.id), sparseFields(ctx.url, 'form', FORM_FIELDS))
    return { data, links: { self: data.links.self } }
  },
})
