// The 'catalog.changes' job (lib/catalog/store/ writes a CatalogChange row and enqueues it
// whenever a price or an inventory level changes): each unprocessed change, in id order and in
// its own write transaction, is claimed (processedAt set, so a change is reacted to once even
// when two workers race) and its reactions run in that same transaction:
// - a price decrease → the price-drop flows (lib/flows/triggers/catalog-hooks.ts checks each
//   flow's amount or percent) for the profiles who engaged with the item within the flows'
//   lookback (audience: viewed / checkout-started, metrics per lib/flows/ajax/triggers-options.ts);
// - an inventory level that crosses down to or under a low-inventory flow's threshold (product
//   level: the item's variants summed; variant level: the variant) → the low-inventory flows for
//   the engaged profiles, the occurrence being the change id;
// - a variant's inventory crossing up over the back-in-stock threshold → the back-in-stock
//   release (lib/catalog/back-in-stock/release.ts) starts its batches.
// What each change set off is kept in CatalogChangeReaction for the reports. The engine clock is
// injectable (`now`).
import { kysely } from '@/lib/db/kysely'
import { exec, inWriteTx, read, select, selectFirst, type Ops } from '@/lib/db/ops'
import { toDate } from '@/lib/db/dialect'
import { enterLowInventoryOps, enterPriceDropOps, priceDropQualifies } from '@/lib/flows/triggers/catalog-hooks'
import { ENTERING_STATUSES, flowVersionDefinitionOps } from '@/lib/flows/triggers/flow-lookup'
import { resolvedMetrics, type OverrideKind } from '@/lib/flows/triggers/catalog-trigger-metrics'
import { prepareFlowJobs, wakeFlowWorkers } from '@/lib/flows/engine/wake'
import { interestedProfilesOps, itemExternalIdOps } from './link-events'
import { getBisSettingsOps } from './back-in-stock/settings'
import { startReleaseOps, BIS_RELEASE_JOB } from './back-in-stock/release'
import { wakeWorkers } from '@/lib/jobs/queue'

const DAY = 86_400_000
const DEFAULT_TIMEFRAME_DAYS = 30

export interface ChangeRow {
  id: number
  companyId: number
  itemId: string
  variantId: string | null
  kind: string
  oldValue: number | null
  newValue: number | null
  at: Date
}

interface CatalogTrigger {
  flowId: string
  trigger: Record<string, unknown>
}

function* catalogTriggersOps(
  companyId: number,
  triggerType: 'Price Drop' | 'Low Inventory',
  type: string,
): Ops<CatalogTrigger[]> {
  const flows = yield* select(
    kysely()
      .selectFrom('Flow')
      .select(['id', 'currentVersion'])
      .where('companyId', '=', companyId)
      .where('triggerType', '=', triggerType)
      .where('status', 'in', ENTERING_STATUSES)
      .where('archived', '=', false as never)
      .orderBy('id'),
  )
  const out: CatalogTrigger[] = []
  for (const f of flows) {
    const def = yield* flowVersionDefinitionOps(companyId, f.id, Number(f.currentVersion))
    const trigger = def?.triggers.find((t) => t.type === type) as Record<string, unknown> | undefined
    if (trigger) out.push({ flowId: f.id, trigger })
  }
  return out
}

type MetricMap = Map<string, string | null>
async function audienceMetrics(companyId: number, kind: OverrideKind): Promise<MetricMap> {
  return new Map((await resolvedMetrics(companyId, kind)).map((a) => [a.audience, a.metricId]))
}

/** The metric ids and lookback start of a set of triggers (their audiences united, the longest timeframe). */
function audienceOf(
  triggers: CatalogTrigger[],
  metrics: MetricMap,
  now: Date,
  fallback: string[],
): { metricIds: string[]; since: Date } {
  const ids = new Set<string>()
  let days = 0
  for (const t of triggers) {
    const audience =
      Array.isArray(t.trigger.audience) && t.trigger.audience.length ? (t.trigger.audience as string[]) : fallback
    for (const a of audience) {
      const id = metrics.get(a)
      if (id) ids.add(id)
    }
    days = Math.max(days, Number(t.trigger.timeframe_days ?? DEFAULT_TIMEFRAME_DAYS) || DEFAULT_TIMEFRAME_DAYS)
  }
  return { metricIds: [...ids], since: new Date(now.getTime() - days * DAY) }
}

function* reactionOps(c: ChangeRow, kind: string, interested: number, entered: number, now: Date): Ops<void> {
  yield* exec(
    kysely()
      .insertInto('CatalogChangeReaction')
      .values({
        companyId: c.companyId,
        changeId: c.id,
        kind,
        itemId: c.itemId,
        variantId: c.variantId,
        oldValue: c.oldValue,
        newValue: c.newValue,
        interested,
        entered,
        at: now,
      })
      .onConflict((oc) => oc.columns(['changeId', 'kind']).doNothing()),
  )
}

function* itemInventoryOps(companyId: number, itemId: string): Ops<number> {
  const r = yield* selectFirst(
    kysely()
      .selectFrom('CatalogVariant')
      .select((eb) => eb.fn.sum<number>('inventoryQuantity').as('total'))
      .where('companyId', '=', companyId)
      .where('itemId', '=', itemId),
  )
  return Number(r?.total ?? 0)
}

interface Context {
  price: MetricMap
  low: MetricMap
}

/** Claims and reacts to one change; returns the runs entered and whether a release started. */
export function* processChangeOps(
  c: ChangeRow,
  ctx: Context,
  now: Date,
): Ops<{ entered: number; released: boolean; claimed: boolean }> {
  const claimed = yield* exec(
    kysely()
      .updateTable('CatalogChange')
      .set({ processedAt: now })
      .where('id', '=', c.id)
      .where('companyId', '=', c.companyId)
      .where('processedAt', 'is', null),
  )
  if (!claimed) return { entered: 0, released: false, claimed: false }
  const item = yield* itemExternalIdOps(c.companyId, c.itemId)
  if (!item) return { entered: 0, released: false, claimed: true }
  let entered = 0
  let released = false
  const at = now

  if (c.kind === 'price' && c.oldValue != null && c.newValue != null && c.newValue < c.oldValue) {
    const triggers = (yield* catalogTriggersOps(c.companyId, 'Price Drop', 'price-drop')).filter((t) =>
      priceDropQualifies(t.trigger, c.oldValue!, c.newValue!),
    )
    let interested: string[] = []
    if (triggers.length) {
      const { metricIds, since } = audienceOf(triggers, ctx.price, at, ['viewed'])
      interested = yield* interestedProfilesOps(c.companyId, { externalId: item.externalId, metricIds, since })
      if (interested.length) {
        entered = yield* enterPriceDropOps(c.companyId, {
          itemId: c.itemId,
          variantId: c.variantId,
          oldPrice: c.oldValue,
          newPrice: c.newValue,
          profileIds: interested,
          occurrence: `change-${c.id}`,
          now: at,
        })
      }
    }
    yield* reactionOps(c, 'price_drop', interested.length, entered, at)
  }

  if (c.kind === 'inventory' && c.newValue != null) {
    const newLevel = c.newValue
    const oldLevel = c.oldValue ?? Number.POSITIVE_INFINITY
    // Low inventory: crossing down to or under a flow's threshold, at the flow's level.
    const triggers = yield* catalogTriggersOps(c.companyId, 'Low Inventory', 'low-inventory')
    if (triggers.length) {
      const productNow = c.variantId ? yield* itemInventoryOps(c.companyId, c.itemId) : newLevel
      const productBefore = c.variantId ? productNow - newLevel + (c.oldValue ?? newLevel) : oldLevel
      const crossing = (t: CatalogTrigger) => {
        const threshold = Number(t.trigger.inventory_count ?? 0)
        const variantLevel = t.trigger.product_level === 'variant'
        const [before, after] = variantLevel ? [oldLevel, newLevel] : [productBefore, productNow]
        return after <= threshold && before > threshold
      }
      const firing = triggers.filter(crossing)
      let interested: string[] = []
      let lowEntered = 0
      if (firing.length) {
        const { metricIds, since } = audienceOf(firing, ctx.low, at, ['viewed', 'added-to-cart', 'checkout-started'])
        interested = yield* interestedProfilesOps(c.companyId, { externalId: item.externalId, metricIds, since })
        if (interested.length) {
          const variantLevel = firing.every((t) => t.trigger.product_level === 'variant')
          lowEntered = yield* enterLowInventoryOps(c.companyId, {
            itemId: c.itemId,
            variantId: c.variantId,
            inventory: variantLevel ? newLevel : productNow,
            profileIds: interested,
            occurrence: String(c.id),
            now: at,
          })
        }
        yield* reactionOps(c, 'low_inventory', interested.length, lowEntered, at)
      }
      entered += lowEntered
    }
    // Back in stock: a variant's level crossing up over the threshold starts the batches.
    if (c.variantId) {
      const settings = yield* getBisSettingsOps(c.companyId)
      if (newLevel > settings.inventoryThreshold && (c.oldValue == null || c.oldValue <= settings.inventoryThreshold)) {
        released = yield* startReleaseOps(c.companyId, c.variantId, `change:${c.id}`, at)
        if (released) yield* reactionOps(c, 'back_in_stock', 0, 0, at)
      }
    }
  }
  return { entered, released, claimed: true }
}

export interface ProcessOptions {
  now?: Date | (() => Date)
  companyId?: number
  /** At most this many changes per call (default 1000). */
  limit?: number
}

/** Processes the pending changes in id order; returns what happened. */
export async function processCatalogChanges(
  opts: ProcessOptions = {},
): Promise<{ processed: number; entered: number; released: number }> {
  const clock = typeof opts.now === 'function' ? opts.now : () => (opts.now as Date | undefined) ?? new Date()
  const limit = opts.limit ?? 1000
  let q = kysely()
    .selectFrom('CatalogChange')
    .select(['id', 'companyId', 'itemId', 'variantId', 'kind', 'oldValue', 'newValue', 'at'])
    .where('processedAt', 'is', null)
  if (opts.companyId != null) q = q.where('companyId', '=', opts.companyId)
  const rows = await read(select(q.orderBy('id').limit(limit)))
  const contexts = new Map<number, Context>()
  let processed = 0
  let entered = 0
  let released = 0
  if (rows.length) await prepareFlowJobs()
  for (const r of rows) {
    const c: ChangeRow = {
      id: Number(r.id),
      companyId: Number(r.companyId),
      itemId: r.itemId,
      variantId: r.variantId ?? null,
      kind: r.kind,
      oldValue: r.oldValue == null ? null : Number(r.oldValue),
      newValue: r.newValue == null ? null : Number(r.newValue),
      at: toDate(r.at) ?? new Date(),
    }
    let ctx = contexts.get(c.companyId)
    if (!ctx) {
      ctx = {
        price: await audienceMetrics(c.companyId, 'price_drop'),
        low: await audienceMetrics(c.companyId, 'low_inventory'),
      }
      contexts.set(c.companyId, ctx)
    }
    const now = clock()
    const out = await inWriteTx(() => processChangeOps(c, ctx, now))
    if (out.claimed) processed++
    entered += out.entered
    if (out.released) released++
  }
  if (entered) wakeFlowWorkers()
  if (released) wakeWorkers(BIS_RELEASE_JOB)
  return { processed, entered, released }
}
