import { ajax } from '@/lib/http/ajax'
import { acceptAuthorization, canAuthorize, getAuthorization } from '@/lib/cdp-code/authorization'
import { CDP_CODE_READ } from '@/lib/cdp-code/screen-data'

// GET /ajax/cdp/code/authorization – whether functions may run for the account, and whether this user may allow it
export const GET = ajax({
  resources: CDP_CODE_READ,
  handler: async ({ ctx }) => ({
    authorization: await getAuthorization(ctx.principal.companyId),
    canAuthorize: canAuthorize(ctx.principal.role),
  }),
})

// POST /ajax/cdp/code/authorization – an owner or admin accepts the one-time consent
export const POST = ajax({
  resources: CDP_CODE_READ,
  handler: async ({ ctx }) => ({
    authorization: await acceptAuthorization(ctx.principal.companyId, ctx.principal.userId, ctx.principal.role),
    canAuthorize: true,
  }),
})
