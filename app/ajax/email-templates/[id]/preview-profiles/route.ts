import { ajax, z } from '@/lib/http/ajax'
import { previewProfiles } from '@/lib/templates/store/preview-template'
import { getTemplateOrThrow } from '@/lib/templates/store/save-template'

// GET /ajax/email-templates/[id]/preview-profiles?search= – profiles to preview the template for (20 at most)
export const GET = ajax({
  resources: ['templates_read'],
  query: z.object({ search: z.string().trim().max(255).optional() }),
  handler: async ({ ctx, params, query }) => {
    await getTemplateOrThrow(ctx.principal.companyId, params.id!)
    return previewProfiles(ctx.principal.companyId, query.search)
  },
})
