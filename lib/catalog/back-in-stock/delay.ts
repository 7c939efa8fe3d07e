// The flow action back-in-stock-delay, the catalog's side: the run's triggering event names a
// variant (the 'Subscribed to Back in Stock' event this module records: VariantID); the run goes
// on once that profile's subscription has been released by a batch
// (lib/catalog/back-in-stock/release.ts), else it parks: a BackInStockWait row keeps the action
// to go on to, and the run sleeps with NO current action, so if no batch ever wakes it, it
// completes after BIS_WAIT_DAYS without sending; a batch moves it to that action. A subscriber
// whose variant is already in stock queues a release so the batches reach it. An event that names
// no known variant ends the run (nothing to wait for, nothing to announce). The executor is
// registered at start-up (lib/server/consumers.ts), so the flow engine imports no catalog module
// (issue 30, the folder import cycle).
import { kysely } from '@/lib/db/kysely'
import { exec, selectFirst, type Ops } from '@/lib/db/ops'
import type { ActionExecutor, StepContext, StepResult } from '@/lib/flows/engine/types'
import { nextOf } from '@/lib/flows/engine/types'
import { getBisSettingsOps } from './settings'
import { startReleaseOps } from './release'
import { subscribeBackInStockOps } from './subscribe'

export const BACK_IN_STOCK_DELAY_ACTION = 'back-in-stock-delay'

/** How long a parked run sleeps if no batch ever wakes it (it then completes without the alert). */
export const BIS_WAIT_DAYS = 365

function* variantOfEventOps(
  companyId: number,
  props: Record<string, unknown>,
): Ops<{ id: string; itemId: string; inventoryQuantity: number } | null> {
  const byId = [props.VariantID, props.variant_id, props.$variant_id].find((v) => typeof v === 'string' && v) as
    string | undefined
  const q = () =>
    kysely()
      .selectFrom('CatalogVariant')
      .select(['id', 'itemId', 'inventoryQuantity'])
      .where('companyId', '=', companyId)
  if (byId) {
    const r = yield* selectFirst(q().where('id', '=', byId))
    if (r) return { id: r.id, itemId: r.itemId, inventoryQuantity: Number(r.inventoryQuantity) }
  }
  const ext = [props.VariantExternalID, props.$variant_external_id, props.VariantId].find(
    (v) => typeof v === 'string' && v,
  ) as string | undefined
  if (ext) {
    const r = yield* selectFirst(
      q().where('externalId', '=', ext).where('integrationKey', '=', '$custom').where('catalogName', '=', '$default'),
    )
    if (r) return { id: r.id, itemId: r.itemId, inventoryQuantity: Number(r.inventoryQuantity) }
  }
  return null
}

export function* backInStockDelayOps(ctx: StepContext): Ops<StepResult> {
  const next = nextOf(ctx.action)
  const props = ctx.triggerEvent?.properties ?? {}
  const variant = yield* variantOfEventOps(ctx.companyId, props)
  if (!variant)
    return {
      kind: 'exit',
      reason: 'back_in_stock_no_variant',
      detail: { reason: 'The triggering event names no catalog variant.' },
    }
  // A run that already parked here and was woken: its wait was released.
  const wait = yield* selectFirst(
    kysely().selectFrom('BackInStockWait').select(['releasedAt']).where('runId', '=', ctx.runId),
  )
  if (wait?.releasedAt) return { kind: 'next', next, outcome: 'in_stock', detail: { variantId: variant.id } }
  const sub = yield* selectFirst(
    kysely()
      .selectFrom('BackInStockSubscription')
      .select(['id', 'notifiedAt'])
      .where('companyId', '=', ctx.companyId)
      .where('profileId', '=', ctx.profileId)
      .where('variantId', '=', variant.id)
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc'),
  )
  if (sub?.notifiedAt)
    return { kind: 'next', next, outcome: 'in_stock', detail: { variantId: variant.id, subscriptionId: sub.id } }
  // Subscribed through an event alone (no subscription row): record one so the batches count it.
  const subscriptionId =
    sub?.id ??
    (yield* subscribeBackInStockOps(ctx.companyId, {
      variantId: variant.id,
      profileId: ctx.profileId,
      channels: ['EMAIL'],
      source: 'flow',
      now: ctx.now,
    })).subscriptionId
  yield* exec(
    kysely()
      .insertInto('BackInStockWait')
      .values({
        runId: ctx.runId,
        companyId: ctx.companyId,
        flowId: ctx.flowId,
        profileId: ctx.profileId,
        variantId: variant.id,
        nextActionId: next,
        createdAt: ctx.now,
        releasedAt: null,
      })
      .onConflict((oc) => oc.column('runId').doNothing()),
  )
  const settings = yield* getBisSettingsOps(ctx.companyId)
  if (variant.inventoryQuantity > settings.inventoryThreshold)
    yield* startReleaseOps(ctx.companyId, variant.id, `sub:${subscriptionId}`, ctx.now)
  const until = new Date(ctx.now.getTime() + BIS_WAIT_DAYS * 86_400_000)
  return {
    kind: 'sleep',
    until,
    next: null,
    outcome: 'waiting_for_stock',
    detail: { variantId: variant.id, subscriptionId, until: until.toISOString() },
  }
}

/** Parked until a batch releases the subscriber (registered for BACK_IN_STOCK_DELAY_ACTION). */
export const backInStockDelayExecutor: ActionExecutor = (ctx) => backInStockDelayOps(ctx)
