import { ajax, z } from '@/lib/http/ajax'
import { cloneReferences } from '@/lib/portfolio/clone/clone-references'
import { assertCloneTarget } from '@/lib/portfolio/clone/clone-targets'
import { kindFor } from '@/lib/portfolio/clone/clone-route-guard'

// GET /ajax/cross-account-clone/{kind}/{id}/references?targetCompanyId= – lists, segments, metrics and coupons to map (map step)
export const GET = ajax({
  query: z.object({ targetCompanyId: z.coerce.number().int().positive() }),
  handler: async ({ ctx, params, query }) => {
    const kind = kindFor(params, ctx.principal.resources)
    // The target's names are shown only to someone who may write there.
    await assertCloneTarget(ctx.principal.userId, query.targetCompanyId, kind)
    return cloneReferences(kind, ctx.principal.companyId, params.id!, query.targetCompanyId)
  },
})
