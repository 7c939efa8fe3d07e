import { ajax, z } from '@/lib/http/ajax'
import { previewEvents } from '@/lib/templates/store/preview-template'
import { getTemplateOrThrow } from '@/lib/templates/store/save-template'

// GET /ajax/email-templates/[id]/preview-events?profile_id= – the profile's latest 20 events, for event variables
export const GET = ajax({
  resources: ['templates_read'],
  query: z.object({ profile_id: z.string().min(1).max(64) }),
  handler: async ({ ctx, params, query }) => {
    await getTemplateOrThrow(ctx.principal.companyId, params.id!)
    return previewEvents(ctx.principal.companyId, query.profile_id)
  },
})
