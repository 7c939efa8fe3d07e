import { ajax } from '@/lib/http/ajax'
import { rotateSecret } from '@/lib/oauth/manage-app'

// POST /ajax/manage-apps/{appId}/rotate-secret – a new client secret, shown once; the old one stops working
export const POST = ajax({
  resources: ['applications_write'],
  handler: async ({ ctx, params }) => rotateSecret(ctx.principal.companyId, params.appId ?? ''),
})
