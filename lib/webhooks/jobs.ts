// The outbound webhooks' job handler (registered by lib/server/job-handlers.ts).
import { PermanentJobError, registerJobHandler } from '@/lib/jobs/queue'
import { WEBHOOK_DELIVER_JOB, type WebhookDeliverPayload } from './enqueue-webhook-deliveries'
import { deliverWebhook } from './deliver-webhook'

function parsePayload(v: unknown): WebhookDeliverPayload {
  const p = (v ?? {}) as Partial<WebhookDeliverPayload>
  if (typeof p.companyId !== 'number' || typeof p.deliveryId !== 'number') throw new PermanentJobError('Bad webhooks.deliver payload')
  return { companyId: p.companyId, deliveryId: p.deliveryId }
}

export function register(): void {
  registerJobHandler(WEBHOOK_DELIVER_JOB, async (payload, ctx) => {
    const p = parsePayload(payload)
    if (ctx.companyId !== null && ctx.companyId !== p.companyId) throw new PermanentJobError('Job company does not match its payload')
    await deliverWebhook(p)
  }, { keepDone: false })
}
