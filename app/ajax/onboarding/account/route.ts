import { ajax } from '@/lib/http/ajax'
import { switchCompany } from '@/lib/auth/switch-company'
import { startedSessionResponse } from '@/lib/auth/session-response'
import { createAccountBody, createAccountForUser } from '@/lib/onboarding/create-account'

// POST /ajax/onboarding/account – opens a new account owned by the signed-in user and moves the session to it
export const POST = ajax({
  body: createAccountBody,
  handler: async ({ ctx, body }) => {
    const companyId = await createAccountForUser(ctx.principal.userId, body)
    const started = await switchCompany(ctx.principal.sessionId, ctx.principal.userId, companyId)
    return startedSessionResponse(started, { companyId, redirect: '/account-setup/init' }, 201)
  },
})
