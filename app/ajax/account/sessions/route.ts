import { ajax } from '@/lib/http/ajax'
import { listUserSessions } from '@/lib/account/sessions-list'

// GET /ajax/account/sessions – my active sessions: device, address, last use
export const GET = ajax({
  handler: ({ ctx }) => listUserSessions(ctx.principal.userId, ctx.principal.sessionId),
})
