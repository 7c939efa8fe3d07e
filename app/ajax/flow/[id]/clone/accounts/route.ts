import { ajax } from '@/lib/http/ajax'
import { getAjaxFlow } from '@/lib/flows/ajax/flows-common'
import { cloneTargets } from '@/lib/flows/ajax/flows-clone-references'

// GET /ajax/flow/{id}/clone/accounts – the accounts the user may clone this flow into (cross-account clone, select step)
export const GET = ajax({
  resources: ['flows_read'],
  handler: async ({ ctx, params }) => {
    await getAjaxFlow(ctx.principal.companyId, params.id!)
    return { accounts: await cloneTargets(ctx.principal.userId, ctx.principal.companyId) }
  },
})
