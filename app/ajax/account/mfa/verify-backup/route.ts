import { ajax, z } from '@/lib/http/ajax'
import { pendingMfaSession } from '@/lib/account/mfa-actor'
import { verifyBackupSignIn } from '@/lib/account/mfa-verify-sign-in'
import { sessionCookies } from '@/lib/auth/session'
import { jsonWithCookies } from '@/lib/auth/session-response'

// POST /ajax/account/mfa/verify-backup – /login-mfa-backup: one backup code completes the sign-in (once)
export const POST = ajax({
  auth: 'none',
  body: z.object({ code: z.string().trim().min(1, 'Enter a backup code.').max(40) }),
  handler: async ({ ctx, body }) => {
    const session = await verifyBackupSignIn(await pendingMfaSession(ctx.cookies, 'verify'), body.code)
    return jsonWithCookies({ ok: true, redirect: '/dashboard' }, await sessionCookies(session))
  },
})
