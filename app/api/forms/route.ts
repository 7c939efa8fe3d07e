import { apiRoute, ApiResult } from '@/lib/api/api-route'
import { nextLink } from '@/lib/api/cursor'
import { sparseFields } from '@/lib/api/query-params'
import { createFormApiBody, DEFINITION_POINTER, formPointer } from '@/lib/api/forms/create-form-body'
import { formOr404, formsPage, formsWithAbTest } from '@/lib/api/forms/form-queries'
import { ENCODED_FORM_FIELDS, FORM_FIELDS, serializeEncodedForm, serializeForm } from '@/lib/api/forms/serialize-form'
import { createForm } from '@/lib/forms/store/create-form'

// GET /api/forms – the account's forms, 20 per page (max 100); filter id, name, ab_test, status, created_at, updated_at
export const GET = apiRoute({
  scopes: ['forms:read'],
  rate: 'S',
  handler: async ({ ctx }) => {
    const { page, next } = await formsPage(ctx.companyId, ctx.url)
    const ab = await formsWithAbTest(
      ctx.companyId,
      page.map((f) => f.id),
    )
    const fields = sparseFields(ctx.url, 'form', FORM_FIELDS)
    return {
      data: page.map((f) => serializeForm(ctx.url, f, ab.has(f.id), fields)),
      links: { self: ctx.url.toString(), next: next ? nextLink(ctx.url, next) : null, prev: null },
    }
  },
})

// POST /api/forms – creates a draft form from a FormDefinition (its versions); 201 with the encoded form
export const POST = apiRoute({
  scopes: ['forms:write'],
  rate: 'S',
  body: createFormApiBody,
  pointerFor: formPointer,
  handler: async ({ ctx, body }) => {
    const a = body.data.attributes
    const created = await createForm(ctx.companyId, {
      name: a.name,
      versions: a.definition.versions.map((definition, i) => ({
        definition,
        variationName:
          typeof (definition as { name?: unknown })?.name === 'string' ? (definition as { name: string }).name : null,
        pointerBase: `${DEFINITION_POINTER}/versions/${i}`,
      })),
    })
    const data = serializeEncodedForm(
      ctx.url,
      await formOr404(ctx.companyId, created.id),
      false,
      sparseFields(ctx.url, 'form', ENCODED_FORM_FIELDS),
    )
    return new ApiResult(201, { data, links: { self: data.links.self } })
  },
})
