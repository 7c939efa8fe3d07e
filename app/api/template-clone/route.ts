import { apiRoute } from '@/lib/api/api-route'
import { sparseFields } from '@/lib/api/query-params'
import { cloneTemplateApiBody } from '@/lib/templates/store/api-bodies'
import { serializeTemplate, TEMPLATE_FIELDS } from '@/lib/templates/store/api-resources'
import { cloneTemplate } from '@/lib/templates/store/save-template'

// POST /api/template-clone – a copy of a template under a new id (201)
export const POST = apiRoute({
  scopes: ['templates:write'],
  rate: 'M',
  body: cloneTemplateApiBody,
  status: 201,
  handler: async ({ ctx, body }) => {
    const t = await cloneTemplate(ctx.companyId, body.data.id, body.data.attributes?.name)
    const data = serializeTemplate(ctx.url, t, { fields: sparseFields(ctx.url, 'template', TEMPLATE_FIELDS) })
    return { data, links: { self: data.links.self } }
  },
})
