import { ajax } from '@/lib/http/ajax'
import { shopifyStatus } from '@/lib/integrations/shopify/shopify-status'

// GET /ajax/integrations/shopify – the connection (no credentials), webhooks registered, the latest sync's progress
export const GET = ajax({
  resources: ['integrations_read'],
  handler: ({ ctx }) => shopifyStatus(ctx.principal.companyId),
})
