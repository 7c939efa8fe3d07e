import { ajax } from '@/lib/http/ajax'
import { acceptInvitationAsUser, acceptInvitationBody } from '@/lib/account/accept-invitation'
import { createSession, sessionCookies } from '@/lib/auth/session'
import { switchCompany } from '@/lib/auth/switch-company'
import { jsonWithCookies } from '@/lib/auth/session-response'

// POST /ajax/account/accept-invitation – an existing login joins the inviting account and opens it
export const POST = ajax({
  auth: 'optional',
  body: acceptInvitationBody,
  handler: async ({ ctx, body }) => {
    const p = ctx.principal
    const { userId, companyId } = await acceptInvitationAsUser(p ? { id: p.userId, email: p.user.email } : null, body)
    const session = p
      ? await switchCompany(p.sessionId, userId, companyId)
      : await createSession({ userId, companyId, ip: ctx.ip, userAgent: ctx.req.headers.get('user-agent') })
    return jsonWithCookies({ ok: true, companyId, redirect: '/dashboard' }, await sessionCookies(session))
  },
})
