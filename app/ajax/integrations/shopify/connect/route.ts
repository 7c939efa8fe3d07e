import { ajax, readBody } from '@/lib/http/ajax'
import { camelizeKeys } from '@/lib/text/keys'
import { connectShop } from '@/lib/integrations/shopify/connect'
import { shopifyStatus } from '@/lib/integrations/shopify/shopify-status'

// POST /ajax/integrations/shopify/connect {shop, accessToken, clientSecret} – checks the token, stores the shop, registers webhooks; 400 with field errors
export const POST = ajax({
  resources: ['integrations_read', 'integrations_write'],
  handler: async ({ ctx }) => {
    await connectShop(ctx.principal.companyId, ctx.principal.userId, camelizeKeys(await readBody(ctx.req)))
    return shopifyStatus(ctx.principal.companyId)
  },
})
