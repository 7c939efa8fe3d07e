import { ajax, z } from '@/lib/http/ajax'
import { SESSION_COOKIE } from '@/lib/auth/config'
import { loginUser } from '@/lib/auth/login-user'
import { unsealSessionId } from '@/lib/auth/session'
import { startedSessionResponse } from '@/lib/auth/session-response'

const loginBody = z.object({
  email: z.string().trim().min(1, 'Enter your email address.').max(254),
  password: z.string().min(1, 'Enter your password.').max(200),
})

// POST /ajax/login – signs in with email and password and sets the session cookies
export const POST = ajax({
  auth: 'none',
  body: loginBody,
  handler: async ({ ctx, body }) => {
    const replaces = await unsealSessionId(ctx.cookies[SESSION_COOKIE])
    const started = await loginUser({ ...body, ip: ctx.ip, userAgent: ctx.req.headers.get('user-agent'), replaces })
    return startedSessionResponse(started)
  },
})
