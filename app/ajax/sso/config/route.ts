import { ajax } from '@/lib/http/ajax'
import { getSsoConfig, saveSsoConfig, ssoConfigBody } from '@/lib/auth/sso/sso-config'

// GET /ajax/sso/config – the account's SAML setup and the SP values to give the identity provider
export const GET = ajax({
  resources: ['account_security_page'],
  handler: ({ ctx }) => getSsoConfig(ctx.principal.companyId),
})

// PUT /ajax/sso/config – save it (IdP metadata XML or the fields, e-mail domains, enforcement)
export const PUT = ajax({
  resources: ['account_security_page'],
  body: ssoConfigBody,
  handler: ({ ctx, body }) => saveSsoConfig(ctx.principal.companyId, body),
})
