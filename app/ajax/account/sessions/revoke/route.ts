import { ajax, z } from '@/lib/http/ajax'
import { revokeUserSession } from '@/lib/account/sessions-revoke'

// POST /ajax/account/sessions/revoke – signs out one of my other sessions
export const POST = ajax({
  body: z.object({ id: z.string().min(1).max(100) }),
  handler: async ({ ctx, body }) => {
    await revokeUserSession(ctx.principal.userId, ctx.principal.sessionId, body.id)
    return { ok: true }
  },
})
