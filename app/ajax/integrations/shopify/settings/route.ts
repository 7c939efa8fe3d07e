import { ajax, readBody } from '@/lib/http/ajax'
import { camelizeKeys } from '@/lib/text/keys'
import { updateShopifySettings } from '@/lib/integrations/shopify/shopify-status'

// PATCH /ajax/integrations/shopify/settings {writeBackConsent?, pushCoupons?}
export const PATCH = ajax({
  resources: ['integrations_read', 'integrations_write'],
  handler: async ({ ctx }) => updateShopifySettings(ctx.principal.companyId, camelizeKeys(await readBody(ctx.req))),
})
