import { ajax } from '@/lib/http/ajax'
import { startCloneBody, startCrossAccountClone } from '@/lib/portfolio/clone/start-clone'
import { kindFor } from '@/lib/portfolio/clone/clone-route-guard'

// POST /ajax/cross-account-clone/{template|campaign|list}/{id} – start copying it into another account (review step)
export const POST = ajax({
  body: startCloneBody,
  status: 202,
  handler: ({ ctx, params, body }) =>
    startCrossAccountClone(
      kindFor(params, ctx.principal.resources),
      ctx.principal.companyId,
      ctx.principal.userId,
      params.id!,
      body,
    ),
})
