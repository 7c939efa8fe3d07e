import { ajax, z } from '@/lib/http/ajax'
import { cloneReferences } from '@/lib/flows/ajax/flows-clone-references'

// GET /ajax/flow/{id}/clone/references?targetCompanyId= – lists, segments and metrics to map, with suggestions (cross-account clone, map step)
export const GET = ajax({
  resources: ['flows_read'],
  query: z.object({
    targetCompanyId: z.coerce.number('targetCompanyId is required.').int().positive('targetCompanyId is required.'),
  }),
  handler: ({ ctx, params, query }) =>
    cloneReferences(ctx.principal.companyId, ctx.principal.userId, params.id!, query.targetCompanyId),
})
