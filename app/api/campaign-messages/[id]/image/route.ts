import { apiRoute } from '@/lib/api/api-route'
import { sparseFields } from '@/lib/api/query-params'
import { db } from '@/lib/db/client'
import { campaignApiCall } from '@/lib/campaigns/api/documents'
import { getMessage } from '@/lib/campaigns/store'
import { IMAGE_FIELDS, serializeImage } from '@/lib/templates/store/api-resources'

// GET /api/campaign-messages/{id}/image – the message's image (SMS and push), or null
export const GET = apiRoute({
  scopes: ['campaigns:read', 'images:read'],
  rate: 'M',
  handler: async ({ ctx, params }) => {
    const m = await campaignApiCall(() => getMessage(ctx.companyId, params.id!))
    const img = m.imageId ? await db.image.findFirst({ where: { companyId: ctx.companyId, id: m.imageId } }) : null
    return {
      data: img ? serializeImage(ctx.url, img, sparseFields(ctx.url, 'image', IMAGE_FIELDS)) : null,
      links: { self: ctx.url.toString() },
    }
  },
})
