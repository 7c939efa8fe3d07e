import { ajax } from '@/lib/http/ajax'
import { getInstallStatus } from '@/lib/growth/onsite/install-status'

// GET /ajax/growth/onsite-install – where and when the onsite script last pinged (the install check)
export const GET = ajax({
  resources: ['integrations_read'],
  handler: async ({ ctx }) => getInstallStatus(ctx.principal.companyId),
})
