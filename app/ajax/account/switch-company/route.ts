import { ajax, z } from '@/lib/http/ajax'
import { clearedSessionCookies } from '@/lib/auth/session'
import { switchCompany } from '@/lib/auth/switch-company'
import { startedSessionResponse } from '@/lib/auth/session-response'

// POST /ajax/account/switch-company – moves the session to another of the user's accounts
export const POST = ajax({
  body: z.object({ companyId: z.coerce.number().int().positive() }),
  handler: async ({ ctx, body }) => {
    const started = await switchCompany(ctx.principal.sessionId, ctx.principal.userId, body.companyId)
    // Sent to set up two-factor sign-in: the shell's state cookie goes with the old session.
    return startedSessionResponse(started, { companyId: started.session.companyId }, 200, [clearedSessionCookies()[1]!])
  },
})
