import { ajax, z } from '@/lib/http/ajax'
import { SESSION_COOKIE } from '@/lib/auth/config'
import { loginUser } from '@/lib/auth/login-user'
import { revokeSession, sessionCookies, unsealSessionId } from '@/lib/auth/session'
import { jsonWithCookies } from '@/lib/auth/session-response'

const loginBody = z.object({
  email: z.string().trim().min(1, 'Enter your email address.').max(254),
  password: z.string().min(1, 'Enter your password.').max(200),
})

// POST /ajax/login – signs in with email and password and sets the session cookies
export const POST = ajax({
  auth: 'none',
  body: loginBody,
  handler: async ({ ctx, body }) => {
    const { session, mfaPending } = await loginUser({ ...body, ip: ctx.ip, userAgent: ctx.req.headers.get('user-agent') })
    // A session this browser already had ends here; only the new one stays valid.
    const previous = await unsealSessionId(ctx.cookies[SESSION_COOKIE])
    if (previous) await revokeSession(previous)
    if (mfaPending) {
      // Only the sealed cookie: the browser shell must not think it is signed in yet.
      const redirect = mfaPending === 'verify' ? '/login-mfa' : '/configure-mfa'
      return jsonWithCookies({ ok: true, mfaRequired: true, redirect }, [(await sessionCookies(session))[0]!])
    }
    return jsonWithCookies({ ok: true, redirect: '/dashboard' }, await sessionCookies(session))
  },
})
