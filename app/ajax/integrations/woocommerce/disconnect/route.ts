import { ajax } from '@/lib/http/ajax'
import { disconnectWoo } from '@/lib/integrations/woocommerce/woo-status'

// POST /ajax/integrations/woocommerce/disconnect – forgets the keys and the webhook secret; later deliveries get 401
export const POST = ajax({
  resources: ['integrations_read', 'integrations_write'],
  handler: ({ ctx }) => disconnectWoo(ctx.principal.companyId),
})
