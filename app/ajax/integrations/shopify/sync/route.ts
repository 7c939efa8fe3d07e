import { ajax, readBody } from '@/lib/http/ajax'
import { camelizeKeys } from '@/lib/text/keys'
import { startHistoricalSync } from '@/lib/integrations/shopify/sync/start-sync'
import { shopifyStatus } from '@/lib/integrations/shopify/shopify-status'

// POST /ajax/integrations/shopify/sync {days} – starts the historical sync of products, customers and orders of the last N days
export const POST = ajax({
  resources: ['integrations_read', 'integrations_write'],
  handler: async ({ ctx }) => {
    await startHistoricalSync(ctx.principal.companyId, camelizeKeys(await readBody(ctx.req)))
    return shopifyStatus(ctx.principal.companyId)
  },
})
