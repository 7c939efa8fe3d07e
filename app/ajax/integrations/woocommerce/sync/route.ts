import { ajax, readBody } from '@/lib/http/ajax'
import { camelizeKeys } from '@/lib/text/keys'
import { startWooSync } from '@/lib/integrations/woocommerce/sync/start-sync'
import { wooStatus } from '@/lib/integrations/woocommerce/woo-status'

// POST /ajax/integrations/woocommerce/sync {days} – starts the historical sync of products, customers and orders of the last N days
export const POST = ajax({
  resources: ['integrations_read', 'integrations_write'],
  handler: async ({ ctx }) => {
    await startWooSync(ctx.principal.companyId, camelizeKeys(await readBody(ctx.req)))
    return wooStatus(ctx.principal.companyId)
  },
})
