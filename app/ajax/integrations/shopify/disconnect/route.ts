import { ajax } from '@/lib/http/ajax'
import { disconnectShopify } from '@/lib/integrations/shopify/shopify-status'

// POST /ajax/integrations/shopify/disconnect – forgets the credentials; webhooks from the shop are refused from now on
export const POST = ajax({
  resources: ['integrations_read', 'integrations_write'],
  handler: ({ ctx }) => disconnectShopify(ctx.principal.companyId),
})
