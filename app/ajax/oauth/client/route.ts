import { ajax } from '@/lib/http/ajax'
import { listAuthorizedApps } from '@/lib/oauth/authorized-apps'

// GET /ajax/oauth/client – the apps authorized for this account
export const GET = ajax({
  resources: ['oauth_client_read'],
  handler: async ({ ctx }) => ({ apps: await listAuthorizedApps(ctx.principal.companyId) }),
})
