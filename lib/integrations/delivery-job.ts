// The job that processes recorded webhook deliveries (lib/integrations/deliveries.ts), claimed up
// to 50 at a time: each delivery's connection is read scoped to the job's company, the provider's
// processor turns the body into store records and ingests them (a run of one connection's
// deliveries of a topic its provider takes set-based, such as a burst of Shopify's new orders, in
// one ingest transaction), and the batch's deliveries are
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
  deliveryBatchProcessor,
  deliveryProcessor,
  INTEGRATION_DELIVERY_JOB,
  type DeliveryIntegration,
  type DeliveryJobPayload,
  type DeliveryOutcome,
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

/** A processor's verdict on one delivery: its mark, and the error to hand the queue when it should run again (or die). */
function settle(
  p: DeliveryJobPayload,
  attempt: number,
  result: DeliveryOutcome | { error: unknown },
): { mark: Mark; error?: unknown } {
  if (!('error' in result))
    return { mark: { p, status: result.status, reason: result.status === 'ignored' ? result.reason : null } }
  const e = result.error
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

async function integrationOf(p: DeliveryJobPayload, cache: Map<string, DeliveryIntegration | null>) {
  if (!cache.has(p.integrationId)) cache.set(p.integrationId, await loadIntegration(p))
  return cache.get(p.integrationId) ?? null
}

/** One delivery through its provider's processor. */
async function processOne(
  p: DeliveryJobPayload,
  attempt: number,
  cache: Map<string, DeliveryIntegration | null>,
): Promise<{ mark: Mark; error?: unknown }> {
  const integration = await integrationOf(p, cache)
  if (!integration) return { mark: { p, status: 'ignored', reason: 'The connection no longer exists.' } }
  const processor = deliveryProcessor(integration.key)
  if (!processor)
    return {
      mark: { p, status: 'failed', reason: `No processor for ${integration.key}.` },
      error: new Error(`No delivery processor for ${integration.key}.`),
    }
  let result: DeliveryOutcome | { error: unknown }
  try {
    result = await processor(p, integration)
  } catch (e) {
    result = { error: e }
  }
  // app/uninstalled changed the connection: the rest of the batch must see it.
  if (p.topic === 'app/uninstalled') cache.delete(p.integrationId)
  return settle(p, attempt, result)
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
  const valid: Array<{ job: ClaimedJob; p: DeliveryJobPayload }> = []
  for (const job of jobs) {
    const p = job.payload as DeliveryJobPayload | null
    // The company comes from the job row and must match the payload: never cross tenants.
    if (!p || typeof p.companyId !== 'number' || p.companyId !== job.companyId || !p.integrationId || !p.deliveryId) {
      failed.set(job.id, new PermanentJobError('Malformed integration delivery payload.'))
      continue
    }
    valid.push({ job, p })
  }
  const settled = (job: ClaimedJob, { mark, error }: { mark: Mark; error?: unknown }) => {
    marks.push(mark)
    if (error !== undefined) failed.set(job.id, error)
  }
  // A burst of new orders is written set-based: each connection's leading deliveries of topics
  // its provider batches, all connections together; the rest one by one in arrival order (each
  // store's own order of deliveries holds, whatever the order between stores).
  const batched = new Map<string, Array<{ job: ClaimedJob; p: DeliveryJobPayload; integration: DeliveryIntegration }>>()
  const rest: typeof valid = []
  const interrupted = new Set<string>()
  for (const v of valid) {
    const integration = interrupted.has(v.p.integrationId) ? null : await integrationOf(v.p, cache)
    const batch = integration ? deliveryBatchProcessor(integration.key) : undefined
    if (integration && batch?.topics.has(v.p.topic)) {
      if (!batched.has(integration.key)) batched.set(integration.key, [])
      batched.get(integration.key)!.push({ ...v, integration })
    } else {
      interrupted.add(v.p.integrationId)
      rest.push(v)
    }
  }
  for (const [key, items] of batched) {
    let results: Array<DeliveryOutcome | { error: unknown }>
    try {
      results = await deliveryBatchProcessor(key)!.process(
        items.map(({ p, integration }) => ({ delivery: p, integration })),
      )
    } catch (e) {
      results = items.map(() => ({ error: e }))
    }
    items.forEach(({ job, p }, k) =>
      settled(job, settle(p, job.attempts, results[k] ?? { error: new Error('No outcome.') })),
    )
  }
  for (const { job, p } of rest) settled(job, await processOne(p, job.attempts, cache))
  await writeMarks(marks, new Date())
  return failed
}

export function registerDeliveryJob(): void {
  registerBatchJobHandler(INTEGRATION_DELIVERY_JOB, processDeliveries, { batch: DELIVERY_BATCH })
}
