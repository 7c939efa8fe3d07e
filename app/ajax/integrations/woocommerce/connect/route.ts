import { ajax, readBody } from '@/lib/http/ajax'
import { camelizeKeys } from '@/lib/text/keys'
import { connectWooStore } from '@/lib/integrations/woocommerce/connect'
import { wooStatus } from '@/lib/integrations/woocommerce/woo-status'

// POST /ajax/integrations/woocommerce/connect {storeUrl, consumerKey, consumerSecret} – checks the keys, stores the store, registers webhooks; 400 with field errors
export const POST = ajax({
  resources: ['integrations_read', 'integrations_write'],
  handler: async ({ ctx }) => {
    await connectWooStore(ctx.principal.companyId, ctx.principal.userId, camelizeKeys(await readBody(ctx.req)))
    return wooStatus(ctx.principal.companyId)
  },
})
