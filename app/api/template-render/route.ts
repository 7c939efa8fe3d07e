import { apiRoute } from '@/lib/api/api-route'
import { sparseFields } from '@/lib/api/query-params'
import { renderTemplateApiBody } from '@/lib/templates/store/api-bodies'
import { serializeTemplate, TEMPLATE_FIELDS } from '@/lib/templates/store/api-resources'
import { renderStoredTemplate } from '@/lib/templates/store/render-stored-template'
import { getTemplateOrThrow } from '@/lib/templates/store/save-template'

// POST /api/template-render – the template rendered with the given context (201: html, text, amp)
export const POST = apiRoute({
  scopes: ['templates:read'],
  rate: { burst: 3, steady: 60 },
  body: renderTemplateApiBody,
  status: 201,
  handler: async ({ ctx, body }) => {
    const t = await getTemplateOrThrow(ctx.companyId, body.data.id)
    const r = await renderStoredTemplate(ctx.companyId, { templateId: t.id }, body.data.attributes.context)
    const data = serializeTemplate(ctx.url, t, {
      fields: sparseFields(ctx.url, 'template', TEMPLATE_FIELDS),
      override: { html: r.html, text: r.text, amp: r.amp },
    })
    return { data, links: { self: data.links.self } }
  },
})
