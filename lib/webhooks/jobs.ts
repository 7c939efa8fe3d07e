// The outbound webhooks' job handler (registered by lib/server/job-handlers.ts).
import { registerJobHandler } from '@/lib/jobs/queue'
import { WEBHOOK_DELIVER_JOB } from './enqueue-webhook-deliveries'
import { deliverWebhook } from './deliver-webhook'
import { deliveryPayloadOf } from './delivery-machine'

export function register(): void {
  registerJobHandler(
    WEBHOOK_DELIVER_JOB,
    async (payload, ctx) => {
      await deliverWebhook(deliveryPayloadOf(WEBHOOK_DELIVER_JOB, payload, ctx))
    },
    { keepDone: false },
  )
}
