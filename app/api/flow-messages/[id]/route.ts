import { apiRoute } from '@/lib/api/api-route'
import { apiNotFound } from '@/lib/api/api-error'
import { enumList } from '@/lib/api/query-params'
import { db } from '@/lib/db/client'
import { serializeFlowAction, serializeFlowMessage } from '@/lib/flows/api-documents'
import { findFlowMessage } from '@/lib/flows/store'

// GET /api/flow-messages/{id} – one flow message: channel and definition (include=flow-action,template)
export const GET = apiRoute({
  scopes: ['flows:read'],
  rate: 'L',
  handler: async ({ ctx, params }) => {
    const m = await findFlowMessage(ctx.companyId, params.id!)
    if (!m) throw apiNotFound(`A flow message with id ${params.id} was not found.`)
    const include = enumList(ctx.url, 'include', ['flow-action', 'template'] as const)
    const included: unknown[] = []
    if (include.includes('flow-action')) {
      const action = await db.flowAction.findFirst({ where: { companyId: ctx.companyId, id: m.actionId } })
      if (action) included.push(serializeFlowAction(ctx.url, action))
    }
    if (include.includes('template') && m.templateId) {
      const t = await db.template.findFirst({ where: { companyId: ctx.companyId, id: m.templateId } })
      if (t) {
        included.push({
          type: 'template',
          id: t.id,
          attributes: {
            name: t.name,
            editor_type: t.editorType,
            html: t.html,
            text: t.text,
            amp: null,
            created: t.createdAt.toISOString(),
            updated: t.updatedAt.toISOString(),
          },
          links: { self: `${ctx.url.origin}/api/templates/${t.id}/` },
        })
      }
    }
    const data = serializeFlowMessage(ctx.url, m)
    return { data, links: { self: data.links.self }, ...(include.length ? { included } : {}) }
  },
})
