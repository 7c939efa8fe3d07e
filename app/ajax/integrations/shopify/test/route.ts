import { ajax } from '@/lib/http/ajax'
import { testShopifyConnection } from '@/lib/integrations/shopify/shopify-status'

// POST /ajax/integrations/shopify/test – the stored token checked against the shop now {ok, message}
export const POST = ajax({
  resources: ['integrations_read', 'integrations_write'],
  handler: ({ ctx }) => testShopifyConnection(ctx.principal.companyId),
})
