// Back-in-stock release: when a variant's inventory crosses up over the threshold (or a waiting
// subscriber's variant is found in stock), the job 'catalog.bis-release' notifies its open
// subscriptions in batches: up to batchSize, oldest first, then the next batch batchIntervalMinutes
// later, while the variant stays above the threshold (stock running low again stops the batches;
// the next crossing starts them again). Notifying = setting the subscription's notifiedAt (its
// openKey becomes its id) and waking the flow runs parked on its back-in-stock-delay
// (BackInStockWait), in one transaction; the flow then sends its message (its Send key is the run).
import { sql } from 'kysely'
import { kysely } from '@/lib/db/kysely'
import { exec, inWriteTx, select, selectFirst, type Ops } from '@/lib/db/ops'
import { enqueueJobOps } from '@/lib/jobs/enqueue-job-ops'
import { prepareFlowJobs, wakeFlowWorkers, wakeNowOps } from '@/lib/flows/engine/wake'
import { getBisSettingsOps } from './settings'

export const BIS_RELEASE_JOB = 'catalog.bis-release'
export interface ReleasePayload {
  companyId: number
  variantId: string
}

/** Queues a release now (idempotent per key). */
export function* startReleaseOps(companyId: number, variantId: string, key: string, now: Date): Ops<boolean> {
  const payload: ReleasePayload = { companyId, variantId }
  yield* enqueueJobOps(
    BIS_RELEASE_JOB,
    payload,
    { companyId, runAt: now, maxAttempts: 10, idempotencyKey: `${BIS_RELEASE_JOB}:${companyId}:${variantId}:${key}` },
    now,
  )
  return true
}

/** Wakes the parked runs of these profiles for the variant (and any whose subscription was notified earlier). */
function* wakeWaitsOps(companyId: number, variantId: string, now: Date): Ops<number> {
  const waits = yield* select(
    kysely()
      .selectFrom('BackInStockWait as w')
      .select(['w.runId as runId', 'w.nextActionId as nextActionId'])
      .where('w.companyId', '=', companyId)
      .where('w.variantId', '=', variantId)
      .where('w.releasedAt', 'is', null)
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('BackInStockSubscription as s')
            .select(sql`1`.as('one'))
            .where('s.companyId', '=', companyId)
            .where('s.variantId', '=', variantId)
            .whereRef('s.profileId', '=', 'w.profileId')
            .where('s.notifiedAt', 'is not', null),
        ),
      ),
  )
  if (!waits.length) return 0
  let woken = 0
  // Grouped by the action each run goes on to (one per flow version, so a handful of groups).
  const byNext = new Map<string | null, string[]>()
  for (const w of waits) byNext.set(w.nextActionId ?? null, [...(byNext.get(w.nextActionId ?? null) ?? []), w.runId])
  for (const [nextActionId, runIds] of byNext) {
    for (let i = 0; i < runIds.length; i += 500) {
      const part = runIds.slice(i, i + 500)
      yield* exec(
        kysely()
          .updateTable('BackInStockWait')
          .set({ releasedAt: now })
          .where('companyId', '=', companyId)
          .where('runId', 'in', part),
      )
      // The parked run sleeps with no current action; released, it goes on to the next one now.
      woken += yield* exec(
        kysely()
          .updateTable('FlowRun')
          .set({ currentActionId: nextActionId, wakeAt: now, updatedAt: now })
          .where('companyId', '=', companyId)
          .where('id', 'in', part)
          .where('status', '=', 'active')
          .where('currentActionId', 'is', null),
      )
    }
  }
  if (woken) yield* wakeNowOps(now)
  return woken
}

export interface ReleaseOutcome {
  notified: string[]
  woken: number
  more: boolean
  stopped: 'low_stock' | 'done' | null
  nextAt: Date | null
}

/** One batch (in the caller's transaction). */
export function* releaseBatchOps(companyId: number, variantId: string, now: Date): Ops<ReleaseOutcome> {
  const settings = yield* getBisSettingsOps(companyId)
  const v = yield* selectFirst(
    kysely()
      .selectFrom('CatalogVariant')
      .select(['inventoryQuantity'])
      .where('companyId', '=', companyId)
      .where('id', '=', variantId),
  )
  if (!v || Number(v.inventoryQuantity) <= settings.inventoryThreshold) {
    return {
      notified: [],
      woken: yield* wakeWaitsOps(companyId, variantId, now),
      more: false,
      stopped: 'low_stock',
      nextAt: null,
    }
  }
  const subs = yield* select(
    kysely()
      .selectFrom('BackInStockSubscription')
      .select(['id', 'profileId'])
      .where('companyId', '=', companyId)
      .where('variantId', '=', variantId)
      .where('notifiedAt', 'is', null)
      .orderBy('createdAt')
      .orderBy('id')
      .limit(settings.batchSize + 1),
  )
  const batch = subs.slice(0, settings.batchSize)
  for (const s of batch) {
    yield* exec(
      kysely()
        .updateTable('BackInStockSubscription')
        .set({ notifiedAt: now, openKey: s.id, updatedAt: now })
        .where('companyId', '=', companyId)
        .where('id', '=', s.id)
        .where('notifiedAt', 'is', null),
    )
  }
  const woken = yield* wakeWaitsOps(companyId, variantId, now)
  const more = subs.length > settings.batchSize
  let nextAt: Date | null = null
  if (more || batch.length) {
    // The next batch, or (after the last) one more look that wakes any run that parked meanwhile.
    nextAt = new Date(now.getTime() + settings.batchIntervalMinutes * 60_000)
    if (more) yield* startReleaseOps(companyId, variantId, `at:${nextAt.toISOString()}`, nextAt)
  }
  return { notified: batch.map((b) => b.profileId), woken, more, stopped: more ? null : 'done', nextAt }
}

/** The job: one batch with the engine clock. */
export async function runRelease(payload: ReleasePayload, now = new Date()): Promise<ReleaseOutcome> {
  await prepareFlowJobs()
  const out = await inWriteTx(() => releaseBatchOps(payload.companyId, payload.variantId, now))
  if (out.woken) wakeFlowWorkers()
  return out
}
