import { ajax } from '@/lib/http/ajax'
import { revokeOtherSessions } from '@/lib/account/sessions-revoke'

// POST /ajax/account/sessions/revoke-others – signs out every session of mine but this one
export const POST = ajax({
  handler: async ({ ctx }) => ({ ended: await revokeOtherSessions(ctx.principal.userId, ctx.principal.sessionId) }),
})
