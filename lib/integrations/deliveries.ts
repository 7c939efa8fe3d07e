// Webhook deliveries from a store (Shopify, WooCommerce): each recorded once by its provider
// delivery id (IntegrationDelivery, unique integrationId + deliveryId) and, in the same
// transaction, a job that processes it, so a retried or duplicated delivery is a no-op and the
// endpoint answers within the provider's few seconds. The job (INTEGRATION_DELIVERY_JOB) hands the
// body to the provider's processor (registerDeliveryProcessor) and marks the delivery processed,
// ignored or failed with the reason.
import { kysely } from '@/lib/db/kysely'
import { exec, inWriteTx, type Ops } from '@/lib/db/ops'
import { dbDate } from '@/lib/db/query-template'
import { wakeWorkers } from '@/lib/jobs/queue'
import { prepareEnqueueInTransaction } from '@/lib/jobs/prepare-enqueue-in-transaction'
import { enqueueJobOps } from '@/lib/jobs/enqueue-job-ops'
import type { CommerceProvider } from './commerce/types'

export const INTEGRATION_DELIVERY_JOB = 'integrations.delivery'

/** A delivery's job runs up to 8 times (backoff 2 s … 4 min, about 8 minutes in all): long enough
 *  for a record delivered before the one it needs (a refund before its order) to find it. */
export const DELIVERY_ATTEMPTS = 8

export type DeliveryStatus = 'queued' | 'processed' | 'ignored' | 'failed'

export interface DeliveryJobPayload {
  companyId: number
  integrationId: string
  provider: CommerceProvider
  deliveryId: string
  topic: string
  /** The raw JSON text as received (re-parsed by the processor: large ids stay exact). */
  body: string
}

export interface RecordDeliveryInput extends DeliveryJobPayload {
  /** 'ignored' records the delivery with its reason and queues nothing (a topic we do not handle). */
  ignoredReason?: string
}

function* recordOps(d: RecordDeliveryInput, now: Date): Ops<boolean> {
  const added = yield* exec(
    kysely()
      .insertInto('IntegrationDelivery')
      .values({
        companyId: d.companyId,
        integrationId: d.integrationId,
        deliveryId: d.deliveryId,
        topic: d.topic,
        status: d.ignoredReason ? 'ignored' : 'queued',
        reason: d.ignoredReason ?? null,
        receivedAt: dbDate(now) as never,
        processedAt: d.ignoredReason ? (dbDate(now) as never) : null,
      })
      .onConflict((oc) => oc.columns(['integrationId', 'deliveryId']).doNothing()),
  )
  if (!added) return false
  if (!d.ignoredReason) {
    const payload: DeliveryJobPayload = {
      companyId: d.companyId,
      integrationId: d.integrationId,
      provider: d.provider,
      deliveryId: d.deliveryId,
      topic: d.topic,
      body: d.body,
    }
    yield* enqueueJobOps(
      INTEGRATION_DELIVERY_JOB,
      payload,
      { companyId: d.companyId, maxAttempts: DELIVERY_ATTEMPTS },
      now,
    )
  }
  return true
}

type Pending = { d: RecordDeliveryInput; now: Date; resolve: (added: boolean) => void; reject: (e: unknown) => void }
let pending: Pending[] = []

// Group commit: deliveries that arrive together (a store's burst, many stores at once) are
// recorded in one write transaction, not one each: on SQLite every transaction takes the one
// write lock, which the worker's ingest holds too. A delivery still gets its answer only after
// the commit that holds it; should that transaction fail, every delivery of it gets the error
// (the stores retry).
function flush(): void {
  const batch = pending
  pending = []
  inWriteTx(function* () {
    const added: boolean[] = []
    for (const p of batch) added.push(yield* recordOps(p.d, p.now))
    return added
  }).then(
    (added) => {
      if (batch.some((p, i) => added[i] && !p.d.ignoredReason)) wakeWorkers(INTEGRATION_DELIVERY_JOB)
      batch.forEach((p, i) => p.resolve(added[i]!))
    },
    (e) => batch.forEach((p) => p.reject(e)),
  )
}

/** Records a delivery once and queues its processing; false when it was seen before (a duplicate). */
export async function recordDelivery(d: RecordDeliveryInput, now = new Date()): Promise<boolean> {
  await prepareEnqueueInTransaction()
  return new Promise<boolean>((resolve, reject) => {
    if (!pending.length) setImmediate(flush)
    pending.push({ d, now, resolve, reject })
  })
}

/** Sets a delivery's outcome (scoped to its company). */
export async function markDelivery(
  companyId: number,
  integrationId: string,
  deliveryId: string,
  status: DeliveryStatus,
  reason: string | null,
  now = new Date(),
): Promise<void> {
  await inWriteTx(() =>
    exec(
      kysely()
        .updateTable('IntegrationDelivery')
        .set({
          status,
          reason: reason ? reason.slice(0, 1000) : null,
          processedAt: status === 'queued' ? null : (dbDate(now) as never),
        })
        .where('companyId', '=', companyId)
        .where('integrationId', '=', integrationId)
        .where('deliveryId', '=', deliveryId),
    ),
  )
}

/** What a provider's processor decided about one delivery. */
export type DeliveryOutcome = { status: 'processed' } | { status: 'ignored'; reason: string }

export interface DeliveryIntegration {
  id: string
  companyId: number
  key: string
  externalKey: string | null
  status: string
  settings: string
}

export type DeliveryProcessor = (
  delivery: DeliveryJobPayload,
  integration: DeliveryIntegration,
) => Promise<DeliveryOutcome>

/**
 * A provider's set-based path for some topics (Shopify's orders/create): the delivery job hands
 * over, together, every delivery of such a topic that no other delivery of its connection
 * precedes in the claimed batch (so each store's order of deliveries holds), and it returns one
 * outcome, or the error the single processor would have thrown, per delivery, in order.
 */
export interface DeliveryBatchProcessor {
  topics: ReadonlySet<string>
  process: (
    items: Array<{ delivery: DeliveryJobPayload; integration: DeliveryIntegration }>,
  ) => Promise<Array<DeliveryOutcome | { error: unknown }>>
}

const g = globalThis as unknown as {
  __deliveryProcessors?: Map<string, DeliveryProcessor>
  __deliveryBatchProcessors?: Map<string, DeliveryBatchProcessor>
}
const processors: Map<string, DeliveryProcessor> = (g.__deliveryProcessors ??= new Map())
const batchProcessors: Map<string, DeliveryBatchProcessor> = (g.__deliveryBatchProcessors ??= new Map())

export function registerDeliveryBatchProcessor(provider: CommerceProvider, processor: DeliveryBatchProcessor): void {
  batchProcessors.set(provider, processor)
}

export function deliveryBatchProcessor(provider: string): DeliveryBatchProcessor | undefined {
  return batchProcessors.get(provider)
}

/** A provider's processor of its deliveries (called from that provider's job registration). */
export function registerDeliveryProcessor(provider: CommerceProvider, processor: DeliveryProcessor): void {
  processors.set(provider, processor)
}

export function deliveryProcessor(provider: string): DeliveryProcessor | undefined {
  return processors.get(provider)
}
