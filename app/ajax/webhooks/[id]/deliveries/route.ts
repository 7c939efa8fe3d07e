import { ajax } from '@/lib/http/ajax'
import { notFound } from '@/lib/errors/app-error'
import { getWebhook } from '@/lib/webhooks/webhook-store'
import { listWebhookDeliveries } from '@/lib/webhooks/deliver-webhook'
import { WEBHOOKS_READ } from '@/lib/webhooks/webhook-screen-data'

// GET /ajax/webhooks/{id}/deliveries – the webhook's last 50 deliveries (status, attempts, response)
export const GET = ajax({
  resources: WEBHOOKS_READ,
  handler: async ({ ctx, params }) => {
    if (!(await getWebhook(ctx.principal.companyId, params.id!)))
      throw notFound('This webhook does not exist or was deleted.')
    return { deliveries: await listWebhookDeliveries(ctx.principal.companyId, params.id!) }
  },
})
