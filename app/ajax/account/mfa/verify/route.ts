import { ajax, z } from '@/lib/http/ajax'
import { pendingMfaSession } from '@/lib/account/mfa-actor'
import { verifyMfaSignIn } from '@/lib/account/mfa-verify-sign-in'
import { sessionCookies } from '@/lib/auth/session'
import { jsonWithCookies } from '@/lib/auth/session-response'

// POST /ajax/account/mfa/verify – /login-mfa: the authenticator code completes the sign-in
export const POST = ajax({
  auth: 'none',
  body: z.object({ code: z.string().trim().min(1, 'Enter the 6-digit code.').max(20) }),
  handler: async ({ ctx, body }) => {
    const session = await verifyMfaSignIn(await pendingMfaSession(ctx.cookies, 'verify'), body.code)
    return jsonWithCookies({ ok: true, redirect: '/dashboard' }, await sessionCookies(session))
  },
})
