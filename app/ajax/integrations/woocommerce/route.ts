import { ajax } from '@/lib/http/ajax'
import { wooStatus } from '@/lib/integrations/woocommerce/woo-status'

// GET /ajax/integrations/woocommerce – the connection (no credentials), webhooks registered, the latest sync's progress
export const GET = ajax({
  resources: ['integrations_read'],
  handler: ({ ctx }) => wooStatus(ctx.principal.companyId),
})
