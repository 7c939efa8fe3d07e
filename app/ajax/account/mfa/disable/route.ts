import { ajax, z } from '@/lib/http/ajax'
import { disableMfa } from '@/lib/account/mfa-disable'

// POST /ajax/account/mfa/disable – turns my two-factor sign-in off (password required; refused when the account requires it)
export const POST = ajax({
  body: z.object({ password: z.string().min(1, 'Enter your password.').max(200) }),
  handler: async ({ ctx, body }) => {
    await disableMfa(ctx.principal.userId, ctx.principal.companyId, body.password, ctx.ip)
    return { enabled: false }
  },
})
