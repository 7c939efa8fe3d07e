import { apiRoute } from '@/lib/api/api-route'
import { enumList, sparseFields } from '@/lib/api/query-params'
import { formOr404, formsWithAbTest } from '@/lib/api/forms/form-queries'
import {
  ENCODED_FORM_FIELDS,
  FORM_VERSION_FIELDS,
  serializeEncodedForm,
  serializeFormVersion,
} from '@/lib/api/forms/serialize-form'
import { deleteForm } from '@/lib/forms/store/delete-form'

// GET /api/forms/{id} – one form with its encoded definition (every version). The definition is
// always there (the reference's encoded form); include=form-versions, beyond the reference, adds
// the version resources for clients that want their status and variation names in one call.
export const GET = apiRoute({
  scopes: ['forms:read'],
  rate: 'S',
  handler: async ({ ctx, params }) => {
    const f = await formOr404(ctx.companyId, params.id!)
    const ab = await formsWithAbTest(ctx.companyId, [f.id])
    const data = serializeEncodedForm(ctx.url, f, ab.has(f.id), sparseFields(ctx.url, 'form', ENCODED_FORM_FIELDS))
    if (!enumList(ctx.url, 'include', ['form-versions'] as const).length)
      return { data, links: { self: data.links.self } }
    const fields = sparseFields(ctx.url, 'form-version', FORM_VERSION_FIELDS)
    const versions = [...f.versions].sort((a, b) => a.id - b.id)
    return {
      data: {
        ...data,
        relationships: {
          'form-versions': { data: versions.map((v) => ({ type: 'form-version' as const, id: String(v.id) })) },
        },
      },
      links: { self: data.links.self },
      included: versions.map((v) => serializeFormVersion(ctx.url, v, fields)),
    }
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
