import { ajax } from '@/lib/http/ajax'
import { SESSION_STATE_COOKIE, secureCookies } from '@/lib/auth/config'
import { sessionStateValue } from '@/lib/auth/session'
import { serializeCookie } from '@/lib/text/cookies'
import { jsonWithCookies } from '@/lib/auth/session-response'
import { buildAuthorization } from '@/lib/shell/build-authorization'

// GET /ajax/authorization – who is signed in, where, and with which resources; refreshes the state cookie
export const GET = ajax({
  handler: ({ ctx }) => {
    const p = ctx.principal
    const maxAge = Math.max(0, Math.floor((p.expiresAt.getTime() - Date.now()) / 1000))
    // Each start-up re-reads the session, so the browser's expiry clock follows idle extensions.
    const state = serializeCookie(SESSION_STATE_COOKIE, sessionStateValue(p), { secure: secureCookies(), maxAge })
    return jsonWithCookies(buildAuthorization(p), [state])
  },
})
