import { ajax } from '@/lib/http/ajax'
import { getMfaStatus } from '@/lib/account/mfa-status'

// GET /ajax/account/mfa/status – whether two-factor sign-in is on for me, required by the account, backup codes left
export const GET = ajax({
  handler: ({ ctx }) => getMfaStatus(ctx.principal.userId, ctx.principal.companyId),
})
