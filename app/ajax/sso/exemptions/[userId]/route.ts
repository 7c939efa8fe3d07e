import { ajax } from '@/lib/http/ajax'
import { removeExemption } from '@/lib/auth/sso/sso-exemptions'

// DELETE /ajax/sso/exemptions/[userId] – take a member off the exemption list
export const DELETE = ajax({
  resources: ['account_security_page'],
  intParams: ['userId'],
  handler: ({ ctx, params }) => removeExemption(ctx.principal.companyId, Number(params.userId)),
})
