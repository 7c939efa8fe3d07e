// The job that processes recorded webhook deliveries (lib/integrations/deliveries.ts), claimed up
// to 50 at a time: each delivery's connection is read scoped to the job's company, the provider's
// processor turns the body into store records and ingests them, and the batch's deliveries are
// marked processed, ignored (with why) or failed (with why) in one transaction. Idempotent:
// ingest keys every event by its store id, so a re-run after a crash writes nothing twice.
// A bad payload (a 4xx AppError, a record we cannot use) is final; a record that needs another
// not yet arrived (CommerceSkip later) and any other error are retried by the queue, and the
// delivery shows the last reason meanwhile.
import { kysely } from '@/lib/db/kysely'
import { exec, inWriteTx, read, selectFirst } from '@/lib/db/ops'
import { dbDate } from '@/lib/db/query-template'
import { AppError } from '@/lib/errors/app-error'
import type { ClaimedJob } from '@/lib/jobs/job-queue'
import { PermanentJobError, registerBatchJobHandler } from '@/lib/jobs/queue'
import { CommerceSkip } from './commerce/ingest'
import {
  DELIVERY_ATTEMPTS,
  deliveryProcessor,
  INTEGRATION_DELIVERY_JOB,
  type DeliveryIntegration,
  type DeliveryJobPayload,
  type DeliveryStatus,
} from './deliveries'

export const DELIVERY_BATCH = 50

type Mark = { p: DeliveryJobPayload; status: DeliveryStatus; reason: string | null }

const reasonOf = (e: unknown) => {
  if (e instanceof AppError && e.fieldErrors) return `${e.message} ${JSON.stringify(e.fieldErrors)}`
  return e instanceof Error ? e.message : String(e)
}

async function loadIntegration(p: DeliveryJobPayload): Promise<DeliveryIntegration | null> {
  const row = await read(
    selectFirst(
      kysely()
        .selectFrom('Integration')
        .select(['id', 'companyId', 'key', 'externalKey', 'status', 'settings'])
        .where('id', '=', p.integrationId)
        .where('companyId', '=', p.companyId),
    ),
  )
  return row ? ({ ...row, companyId: Number(row.companyId) } as DeliveryIntegration) : null
}

/** One delivery: its mark, and the error to hand the queue when it should run again (or die). */
async function processOne(
  p: DeliveryJobPayload,
  attempt: number,
  cache: Map<string, DeliveryIntegration | null>,
): Promise<{ mark: Mark; error?: unknown }> {
  if (!cache.has(p.integrationId)) cache.set(p.integrationId, await loadIntegration(p))
  const integration = cache.get(p.integrationId)
  if (!integration) return { mark: { p, status: 'ignored', reason: 'The connection no longer exists.' } }
  const processor = deliveryProcessor(integration.key)
  if (!processor)
    return {
      mark: { p, status: 'failed', reason: `No processor for ${integration.key}.` },
      error: new Error(`No delivery processor for ${integration.key}.`),
    }
  try {
    const out = await processor(p, integration)
    // app/uninstalled changed the connection: the rest of the batch must see it.
    if (p.topic === 'app/uninstalled') cache.delete(p.integrationId)
    return { mark: { p, status: out.status, reason: out.status === 'ignored' ? out.reason : null } }
  } catch (e) {
    if (e instanceof CommerceSkip) {
      // Out of order (a refund before its order): retried with the queue's backoff, then given up.
      if (e.later && attempt < DELIVERY_ATTEMPTS)
        return { mark: { p, status: 'failed', reason: `${e.message} (retrying)` }, error: e }
      return { mark: { p, status: 'ignored', reason: e.message } }
    }
    const permanent = e instanceof AppError && e.status < 500
    return {
      mark: { p, status: 'failed', reason: reasonOf(e) },
      error: permanent ? new PermanentJobError(reasonOf(e)) : e,
    }
  }
}

async function writeMarks(marks: Mark[], now: Date): Promise<void> {
  if (!marks.length) return
  const at = dbDate(now) as never
  const cutoff = dbDate(new Date(now.getTime() - 60_000)) as never
  const touched = new Map(marks.filter((m) => m.status === 'processed').map((m) => [m.p.integrationId, m.p.companyId]))
  await inWriteTx(function* () {
    for (const { p, status, reason } of marks) {
      yield* exec(
        kysely()
          .updateTable('IntegrationDelivery')
          .set({ status, reason: reason ? reason.slice(0, 1000) : null, processedAt: status === 'queued' ? null : at })
          .where('companyId', '=', p.companyId)
          .where('integrationId', '=', p.integrationId)
          .where('deliveryId', '=', p.deliveryId),
      )
    }
    // The screen shows "last event" to the minute: one write a minute, not one per delivery.
    for (const [id, companyId] of touched) {
      yield* exec(
        kysely()
          .updateTable('Integration')
          .set({ lastEventAt: at })
          .where('id', '=', id)
          .where('companyId', '=', companyId)
          .where((eb) => eb.or([eb('lastEventAt', 'is', null), eb('lastEventAt', '<', cutoff)])),
      )
    }
  })
}

export async function processDeliveries(jobs: ClaimedJob[]): Promise<Map<number, unknown>> {
  const failed = new Map<number, unknown>()
  const marks: Mark[] = []
  const cache = new Map<string, DeliveryIntegration | null>()
  for (const job of jobs) {
    const p = job.payload as DeliveryJobPayload | null
    // The company comes from the job row and must match the payload: never cross tenants.
    if (!p || typeof p.companyId !== 'number' || p.companyId !== job.companyId || !p.integrationId || !p.deliveryId) {
      failed.set(job.id, new PermanentJobError('Malformed integration delivery payload.'))
      continue
    }
    const { mark, error } = await processOne(p, job.attempts, cache)
    marks.push(mark)
    if (error !== undefined) failed.set(job.id, error)
  }
  await writeMarks(marks, new Date())
  return failed
}

export function registerDeliveryJob(): void {
  registerBatchJobHandler(INTEGRATION_DELIVERY_JOB, processDeliveries, { batch: DELIVERY_BATCH })
}
