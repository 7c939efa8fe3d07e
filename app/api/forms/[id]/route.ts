import { apiRoute } from '@/lib/api/api-route'
import { sparseFields } from '@/lib/api/query-params'
import { formOr404, formsWithAbTest } from '@/lib/api/forms/form-queries'
import { ENCODED_FORM_FIELDS, serializeEncodedForm } from '@/lib/api/forms/serialize-form'
import { deleteForm } from '@/lib/forms/store/delete-form'

// GET /api/forms/{id} – one form with its encoded definition (every version)
export const GET = apiRoute({
  scopes: ['forms:read'],
  rate: 'S',
  handler: async ({ ctx, params }) => {
    const f = await formOr404(ctx.companyId, params.id!)
    const ab = await formsWithAbTest(ctx.companyId, [f.id])
    const data = serializeEncodedForm(ctx.url, f, ab.has(f.id), sparseFields(ctx.url, 'form', ENCODED_FORM_FIELDS))
    return { data, links: { self: data.links.self } }
  },
})

// DELETE /api/forms/{id} – deletes the form with its versions (204)
export const DELETE = apiRoute({
  scopes: ['forms:write'],
  rate: 'S',
  status: 204,
  handler: async ({ ctx, params }) => {
    await formOr404(ctx.companyId, params.id!)
    await deleteForm(ctx.companyId, params.id!)
  },
})
