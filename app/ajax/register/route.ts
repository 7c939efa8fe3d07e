import { ajax } from '@/lib/http/ajax'
import { registerBody, registerCompany } from '@/lib/auth/register-company'
import { createSession, sessionCookies } from '@/lib/auth/session'
import { jsonWithCookies } from '@/lib/auth/session-response'

// POST /ajax/register – creates a company with its owner and signs the owner in
export const POST = ajax({
  auth: 'none',
  body: registerBody,
  handler: async ({ ctx, body }) => {
    const { company, user } = await registerCompany(body)
    const session = await createSession({ userId: user.id, companyId: company.id, ip: ctx.ip, userAgent: ctx.req.headers.get('user-agent') })
    return jsonWithCookies({ ok: true, redirect: '/dashboard' }, await sessionCookies(session), 201)
  },
})
