import { apiRoute } from '@/lib/api/api-route'
import { ApiError } from '@/lib/api/api-error'
import { enumList, sparseFields } from '@/lib/api/query-params'
import { updateTemplateApiBody } from '@/lib/templates/store/api-bodies'
import { apiDefinitionInput, serializeTemplate, TEMPLATE_FIELDS } from '@/lib/templates/store/api-resources'
import { deleteTemplate, getTemplateOrThrow, updateTemplate } from '@/lib/templates/store/save-template'

const withDefinition = (url: URL) =>
  enumList(url, 'additional-fields[template]', ['definition'] as const).includes('definition')

// GET /api/templates/{id} – one template (additional-fields[template]=definition)
export const GET = apiRoute({
  scopes: ['templates:read'],
  rate: 'L',
  handler: async ({ ctx, params }) => {
    const t = await getTemplateOrThrow(ctx.companyId, params.id!)
    const data = serializeTemplate(ctx.url, t, {
      fields: sparseFields(ctx.url, 'template', TEMPLATE_FIELDS),
      definition: withDefinition(ctx.url),
    })
    return { data, links: { self: data.links.self } }
  },
})

// PATCH /api/templates/{id} – name, html, text, amp, or the whole definition (compiled again)
export const PATCH = apiRoute({
  scopes: ['templates:write'],
  rate: 'M',
  body: updateTemplateApiBody,
  handler: async ({ ctx, body, params }) => {
    if (body.data.id !== params.id)
      throw new ApiError(409, 'conflict', 'The id in the body does not match the id in the URL.', {
        pointer: '/data/id',
      })
    const a = body.data.attributes
    const t = await updateTemplate(ctx.companyId, params.id, {
      ...(a.name != null ? { name: a.name } : {}),
      ...(a.html !== undefined ? { html: a.html } : {}),
      ...(a.text !== undefined ? { text: a.text } : {}),
      ...(a.amp !== undefined ? { amp: a.amp } : {}),
      ...(a.definition !== undefined ? apiDefinitionInput(a.definition) : {}),
    })
    const data = serializeTemplate(ctx.url, t, {
      fields: sparseFields(ctx.url, 'template', TEMPLATE_FIELDS),
      definition: withDefinition(ctx.url),
    })
    return { data, links: { self: data.links.self } }
  },
})

// DELETE /api/templates/{id} – deletes a template (204)
export const DELETE = apiRoute({
  scopes: ['templates:write'],
  rate: 'M',
  status: 204,
  handler: async ({ ctx, params }) => {
    await deleteTemplate(ctx.companyId, params.id!)
  },
})
