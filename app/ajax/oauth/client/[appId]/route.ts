import { ajax } from '@/lib/http/ajax'
import { revokeAppForCompany } from '@/lib/oauth/revoke-token'

// DELETE /ajax/oauth/client/{appId} – ends every grant the app holds on this account, at once
export const DELETE = ajax({
  resources: ['oauth_company_integration_write'],
  handler: async ({ ctx, params }) => ({
    revoked: await revokeAppForCompany(ctx.principal.companyId, params.appId ?? ''),
  }),
})
