import { ajax, z } from '@/lib/http/ajax'
import { sessionCookies } from '@/lib/auth/session'
import { switchCompany } from '@/lib/auth/switch-company'
import { jsonWithCookies } from '@/lib/auth/session-response'

// POST /ajax/account/switch-company – moves the session to another of the user's accounts
export const POST = ajax({
  body: z.object({ companyId: z.coerce.number().int().positive() }),
  handler: async ({ ctx, body }) => {
    const s = await switchCompany(ctx.principal.sessionId, ctx.principal.userId, body.companyId)
    return jsonWithCookies({ ok: true, companyId: s.companyId, redirect: '/dashboard' }, await sessionCookies(s))
  },
})
