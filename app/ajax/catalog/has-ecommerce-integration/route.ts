import { ajax } from '@/lib/http/ajax'
import { catalogCall } from '@/lib/catalog/ajax-result'
import { hasEcommerceIntegration } from '@/lib/catalog/api/ajax'
import { hasConnectedStore } from '@/lib/integrations/directory'

export const dynamic = 'force-dynamic'

// GET /ajax/catalog/has-ecommerce-integration → { success, hasEcommerceIntegration }: a connected
// Shopify or WooCommerce store (issue 21), else a product-feed source or items from an integration
export const GET = ajax({
  resources: ['catalog_read'],
  handler: ({ ctx }) =>
    catalogCall(async () => ({
      hasEcommerceIntegration:
        (await hasConnectedStore(ctx.principal.companyId)) || (await hasEcommerceIntegration(ctx.principal.companyId)),
    })),
})
