import { ajax } from '@/lib/http/ajax'
import { acceptInvitationAsUser, acceptInvitationBody } from '@/lib/account/accept-invitation'
import { SESSION_COOKIE } from '@/lib/auth/config'
import { clearedSessionCookies, unsealSessionId } from '@/lib/auth/session'
import { startSession } from '@/lib/auth/start-session'
import { startedSessionResponse } from '@/lib/auth/session-response'

// POST /ajax/account/accept-invitation – an existing login joins the inviting account and opens it
export const POST = ajax({
  auth: 'optional',
  body: acceptInvitationBody,
  handler: async ({ ctx, body }) => {
    const p = ctx.principal
    const userAgent = ctx.req.headers.get('user-agent')
    const { userId, companyId } = await acceptInvitationAsUser(p ? { id: p.userId, email: p.user.email } : null, body, {
      ip: ctx.ip,
    })
    // Signed out, the password is only the first factor: a user with two-factor sign-in on
    // gets a half-authenticated session, as on the sign-in screen.
    const started = p
      ? await startSession({ userId, companyId, ip: ctx.ip, userAgent, moves: p.sessionId, secondFactorPassed: true })
      : await startSession({
          userId,
          companyId,
          ip: ctx.ip,
          userAgent,
          replaces: await unsealSessionId(ctx.cookies[SESSION_COOKIE]),
        })
    return startedSessionResponse(started, { companyId }, 200, [clearedSessionCookies()[1]!])
  },
})
