import { ajax } from '@/lib/http/ajax'
import { cloneTargets } from '@/lib/portfolio/clone/clone-targets'
import { sourceRefs } from '@/lib/portfolio/clone/clone-source'
import { kindFor } from '@/lib/portfolio/clone/clone-route-guard'

// GET /ajax/cross-account-clone/{kind}/{id}/accounts – the source's name and the accounts the user may copy it into (select step)
export const GET = ajax({
  handler: async ({ ctx, params }) => {
    const kind = kindFor(params, ctx.principal.resources)
    const { name } = await sourceRefs(kind, ctx.principal.companyId, params.id!)
    return { name, accounts: await cloneTargets(ctx.principal.userId, ctx.principal.companyId, kind) }
  },
})
