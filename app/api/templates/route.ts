import { apiRoute } from '@/lib/api/api-route'
import { invalidPointer } from '@/lib/api/api-error'
import { enumList, sparseFields } from '@/lib/api/query-params'
import { createTemplateApiBody } from '@/lib/templates/store/api-bodies'
import {
  apiDefinitionInput,
  listTemplatesPage,
  serializeTemplate,
  TEMPLATE_FIELDS,
} from '@/lib/templates/store/api-resources'
import { createTemplate } from '@/lib/templates/store/save-template'

// GET /api/templates – the account's templates, 10 per page (filters id, name, created, updated)
export const GET = apiRoute({
  scopes: ['templates:read'],
  rate: 'L',
  handler: ({ ctx }) => listTemplatesPage(ctx.companyId, ctx.url),
})

// POST /api/templates – creates a template, compiled once (201); syntax errors name line and column
export const POST = apiRoute({
  scopes: ['templates:write'],
  rate: 'M',
  body: createTemplateApiBody,
  status: 201,
  handler: async ({ ctx, body }) => {
    const a = body.data.attributes
    const system = a.editor_type === 'SYSTEM_DRAGGABLE'
    if (system && a.html != null)
      throw invalidPointer(
        '/data/attributes/html',
        'html cannot be set for SYSTEM_DRAGGABLE templates; send definition.',
      )
    if (system && a.definition == null)
      throw invalidPointer('/data/attributes/definition', 'definition is required for SYSTEM_DRAGGABLE templates.')
    if (!system && (a.html == null || a.html === ''))
      throw invalidPointer('/data/attributes/html', `html is required for ${a.editor_type} templates.`)
    const t = await createTemplate(
      ctx.companyId,
      {
        name: a.name,
        editorType: a.editor_type,
        html: a.html,
        text: a.text,
        amp: a.amp,
        ...(system ? apiDefinitionInput(a.definition) : {}),
      },
      { enforceLimit: true },
    )
    const definition =
      enumList(ctx.url, 'additional-fields[template]', ['definition'] as const).includes('definition') || system
    const data = serializeTemplate(ctx.url, t, {
      fields: sparseFields(ctx.url, 'template', TEMPLATE_FIELDS),
      definition,
    })
    return { data, links: { self: data.links.self } }
  },
})
