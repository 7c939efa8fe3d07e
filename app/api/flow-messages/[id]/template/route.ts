import { apiRoute } from '@/lib/api/api-route'
import { apiNotFound } from '@/lib/api/api-error'
import { sparseFields } from '@/lib/api/query-params'
import { findFlowMessage } from '@/lib/flows/store'
import { serializeTemplate, TEMPLATE_FIELDS } from '@/lib/templates/store/api-resources'
import { db } from '@/lib/db/client'

// GET /api/flow-messages/{id}/template – the template the flow email uses
export const GET = apiRoute({
  scopes: ['templates:read'],
  rate: 'S',
  handler: async ({ ctx, params }) => {
    const fields = sparseFields(ctx.url, 'template', TEMPLATE_FIELDS)
    const m = await findFlowMessage(ctx.companyId, params.id!)
    if (!m) throw apiNotFound(`A flow message with id ${params.id} was not found.`)
    const t = m.templateId
      ? await db.template.findFirst({ where: { companyId: ctx.companyId, id: m.templateId } })
      : null
    if (!t) throw apiNotFound(`The flow message ${params.id} has no template.`)
    const data = serializeTemplate(ctx.url, t, { fields })
    return { data, links: { self: ctx.url.toString() } }
  },
})
