import { ajax } from '@/lib/http/ajax'
import { addExemption, exemptionBody, listExemptions } from '@/lib/auth/sso/sso-exemptions'

// GET /ajax/sso/exemptions – the account's members and who may still use a password
export const GET = ajax({
  resources: ['account_security_page'],
  handler: ({ ctx }) => listExemptions(ctx.principal.companyId),
})

// POST /ajax/sso/exemptions – let a member keep signing in with a password
export const POST = ajax({
  resources: ['account_security_page'],
  body: exemptionBody,
  handler: ({ ctx, body }) => addExemption(ctx.principal.companyId, body.userId, ctx.principal.userId),
})
