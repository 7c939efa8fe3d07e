import { apiRoute } from '@/lib/api/api-route'
import { sparseFields } from '@/lib/api/query-params'
import { db } from '@/lib/db/client'
import { campaignApiCall } from '@/lib/campaigns/api/documents'
import { getMessage } from '@/lib/campaigns/store'
import { serializeTemplate, TEMPLATE_FIELDS } from '@/lib/templates/store/api-resources'

// GET /api/campaign-messages/{id}/template – the message's own template (null when none is assigned)
export const GET = apiRoute({
  scopes: ['campaigns:read', 'templates:read'],
  rate: 'M',
  handler: async ({ ctx, params }) => {
    const m = await campaignApiCall(() => getMessage(ctx.companyId, params.id!))
    const t = m.templateId
      ? await db.template.findFirst({ where: { companyId: ctx.companyId, id: m.templateId } })
      : null
    return {
      data: t ? serializeTemplate(ctx.url, t, { fields: sparseFields(ctx.url, 'template', TEMPLATE_FIELDS) }) : null,
      links: { self: ctx.url.toString() },
    }
  },
})
