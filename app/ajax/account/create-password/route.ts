import { ajax } from '@/lib/http/ajax'
import { createPasswordBody, createPasswordFromInvitation } from '@/lib/account/accept-invitation'
import { startSession } from '@/lib/auth/start-session'
import { startedSessionResponse } from '@/lib/auth/session-response'

// POST /ajax/account/create-password – an invited newcomer sets name and password; signed in to the account
export const POST = ajax({
  auth: 'none',
  body: createPasswordBody,
  handler: async ({ ctx, body }) => {
    const { userId, companyId } = await createPasswordFromInvitation(body)
    // An account that requires two-factor sign-in sends the newcomer to set it up first.
    const started = await startSession({ userId, companyId, ip: ctx.ip, userAgent: ctx.req.headers.get('user-agent') })
    return startedSessionResponse(started, {}, 201)
  },
})
