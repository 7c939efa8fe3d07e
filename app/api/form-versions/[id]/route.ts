import { apiRoute } from '@/lib/api/api-route'
import { enumList, sparseFields } from '@/lib/api/query-params'
import { formOr404, formsWithAbTest, formVersionOr404 } from '@/lib/api/forms/form-queries'
import { FORM_FIELDS, FORM_VERSION_FIELDS, serializeForm, serializeFormVersion } from '@/lib/api/forms/serialize-form'

// GET /api/form-versions/{id} – one form version (include=form)
export const GET = apiRoute({
  scopes: ['forms:read'],
  rate: 'S',
  handler: async ({ ctx, params }) => {
    const v = await formVersionOr404(ctx.companyId, params.id!)
    const include = enumList(ctx.url, 'include', ['form'] as const)
    const data = serializeFormVersion(ctx.url, v, sparseFields(ctx.url, 'form-version', FORM_VERSION_FIELDS))
    if (!include.includes('form')) return { data, links: { self: data.links.self } }
    const f = await formOr404(ctx.companyId, v.formId)
    const ab = await formsWithAbTest(ctx.companyId, [f.id])
    return {
      data,
      links: { self: data.links.self },
      included: [serializeForm(ctx.url, f, ab.has(f.id), sparseFields(ctx.url, 'form', FORM_FIELDS))],
    }
  },
})
