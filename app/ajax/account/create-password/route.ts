import { ajax } from '@/lib/http/ajax'
import { createPasswordBody, createPasswordFromInvitation } from '@/lib/account/accept-invitation'
import { createSession, sessionCookies } from '@/lib/auth/session'
import { jsonWithCookies } from '@/lib/auth/session-response'

// POST /ajax/account/create-password – an invited newcomer sets name and password; signed in to the account
export const POST = ajax({
  auth: 'none',
  body: createPasswordBody,
  handler: async ({ ctx, body }) => {
    const { userId, companyId } = await createPasswordFromInvitation(body)
    const session = await createSession({ userId, companyId, ip: ctx.ip, userAgent: ctx.req.headers.get('user-agent') })
    return jsonWithCookies({ ok: true, redirect: '/dashboard' }, await sessionCookies(session), 201)
  },
})
