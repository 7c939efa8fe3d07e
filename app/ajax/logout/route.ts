import { ajax } from '@/lib/http/ajax'
import { SESSION_COOKIE } from '@/lib/auth/config'
import { clearedSessionCookies, revokeSession, unsealSessionId } from '@/lib/auth/session'
import { jsonWithCookies } from '@/lib/auth/session-response'

// POST /ajax/logout – ends the server-side session and clears the session cookies
export const POST = ajax({
  auth: 'none',
  handler: async ({ ctx }) => {
    const sid = await unsealSessionId(ctx.cookies[SESSION_COOKIE])
    if (sid) await revokeSession(sid)
    return jsonWithCookies({ ok: true }, clearedSessionCookies())
  },
})
