// The job that processes one recorded webhook delivery (lib/integrations/deliveries.ts): the
// connection is read scoped to the job's company, the provider's processor turns the body into
// store records and ingests them, and the delivery is marked processed, ignored (with why) or
// failed (with why). Idempotent: ingest keys every event by its store id, so a re-run after a
// crash writes nothing twice. A bad payload (a 4xx AppError, a record we cannot use) is final; any
// other error is retried by the queue and the delivery shows the last reason meanwhile.
import { db } from '@/lib/db/client'
import { AppError } from '@/lib/errors/app-error'
import { PermanentJobError, registerJobHandler, type JobContext } from '@/lib/jobs/queue'
import { CommerceSkip } from './commerce/ingest'
import { DELIVERY_ATTEMPTS, deliveryProcessor, INTEGRATION_DELIVERY_JOB, markDelivery, type DeliveryJobPayload } from './deliveries'


const reasonOf = (e: unknown) => {
  if (e instanceof AppError && e.fieldErrors) return `${e.message} ${JSON.stringify(e.fieldErrors)}`
  return e instanceof Error ? e.message : String(e)
}

export async function processDelivery(p: DeliveryJobPayload, ctx: JobContext): Promise<void> {
  if (!p || typeof p.companyId !== 'number' || p.companyId !== ctx.companyId || !p.integrationId || !p.deliveryId) {
    throw new PermanentJobError('Malformed integration delivery payload.')
  }
  const integration = await db.integration.findFirst({
    where: { id: p.integrationId, companyId: p.companyId },
    select: { id: true, companyId: true, key: true, externalKey: true, status: true, settings: true },
  })
  if (!integration) {
    await markDelivery(p.companyId, p.integrationId, p.deliveryId, 'ignored', 'The connection no longer exists.')
    return
  }
  const processor = deliveryProcessor(integration.key)
  if (!processor) throw new Error(`No delivery processor for ${integration.key}.`)
  try {
    const out = await processor(p, integration)
    await markDelivery(p.companyId, p.integrationId, p.deliveryId, out.status, out.status === 'ignored' ? out.reason : null)
    // The screen shows "last event" to the minute: one write a minute, not one per delivery.
    const now = new Date()
    await db.integration.updateMany({
      where: { id: integration.id, companyId: p.companyId, OR: [{ lastEventAt: null }, { lastEventAt: { lt: new Date(now.getTime() - 60_000) } }] },
      data: { lastEventAt: now },
    })
  } catch (e) {
    if (e instanceof CommerceSkip) {
      // Out of order (a refund before its order): retried with the queue's backoff, then given up.
      if (e.later && ctx.attempt < DELIVERY_ATTEMPTS) {
        await markDelivery(p.companyId, p.integrationId, p.deliveryId, 'failed', `${e.message} (retrying)`)
        throw e
      }
      await markDelivery(p.companyId, p.integrationId, p.deliveryId, 'ignored', e.message)
      return
    }
    await markDelivery(p.companyId, p.integrationId, p.deliveryId, 'failed', reasonOf(e))
    if (e instanceof AppError && e.status < 500) throw new PermanentJobError(reasonOf(e))
    throw e
  }
}

export function registerDeliveryJob(): void {
  registerJobHandler(INTEGRATION_DELIVERY_JOB, processDelivery)
}
