// The catalog triggers' hooks (issue 11 calls them when a price or an inventory level changes,
// inside its own write transaction): the live and manual flows whose trigger is price-drop or
// low-inventory, with the trigger's threshold checked here, enter the interested profiles the
// catalog chose (its audience: viewers, cart adders … within timeframe_days), set-based. The
// entry key names the change, so the same change reported twice enters nobody twice.
import { kysely } from '@/lib/db/kysely'
import { select, type Ops } from '@/lib/db/ops'
import type { TriggerEvent } from '@/lib/flows/engine/types'
import { ENTERING_STATUSES, flowVersionDefinitionOps } from './flow-lookup'
import { enterFlowSetOps } from './group-trigger'

export interface PriceDropInput {
  itemId: string
  variantId?: string | null
  oldPrice: number
  newPrice: number
  profileIds: string[]
  /** Names this drop (the catalog's change id), so the same price reached again later is a new drop;
   *  default: the new price (a repeated report of one drop enters nobody twice). */
  occurrence?: string
  /** When the change happened (the engine clock); default now. */
  now?: Date
}

export interface LowInventoryInput {
  itemId: string
  variantId?: string | null
  /** The inventory level now. */
  inventory: number
  profileIds: string[]
  /** Distinguishes one low-inventory occurrence from the next (default: the UTC day). */
  occurrence?: string
  now?: Date
}

function* catalogFlowsOps(companyId: number, triggerType: 'Price Drop' | 'Low Inventory') {
  const rows = yield* select(
    kysely()
      .selectFrom('Flow')
      .select(['id', 'currentVersion'])
      .where('companyId', '=', companyId)
      .where('triggerType', '=', triggerType)
      .where('status', 'in', ENTERING_STATUSES)
      .where('archived', '=', false as never)
      .orderBy('id'),
  )
  return rows.map((r) => ({ flowId: r.id, version: Number(r.currentVersion) }))
}

/** Does a drop from `oldPrice` to `newPrice` reach the trigger's amount (currency or percent)? */
export function priceDropQualifies(
  trigger: { price_drop_amount_value?: unknown; price_drop_amount_unit?: unknown },
  oldPrice: number,
  newPrice: number,
): boolean {
  const drop = oldPrice - newPrice
  if (!(drop > 0)) return false
  const amount = Number(trigger.price_drop_amount_value ?? 0)
  if (trigger.price_drop_amount_unit === 'percent') return oldPrice > 0 && (drop / oldPrice) * 100 >= amount - 1e-9
  return drop >= amount - 1e-9
}

/** Enters the price-drop flows; returns the runs created. */
export function* enterPriceDropOps(companyId: number, input: PriceDropInput): Ops<number> {
  const now = input.now ?? new Date()
  let entered = 0
  for (const f of yield* catalogFlowsOps(companyId, 'Price Drop')) {
    const def = yield* flowVersionDefinitionOps(companyId, f.flowId, f.version)
    const trigger = def?.triggers.find((t) => t.type === 'price-drop') as Record<string, unknown> | undefined
    if (!trigger || !priceDropQualifies(trigger, input.oldPrice, input.newPrice)) continue
    const event: TriggerEvent = {
      id: null,
      metricId: null,
      metric: 'Price Drop',
      time: now.toISOString(),
      value: input.newPrice,
      properties: {
        item_id: input.itemId,
        variant_id: input.variantId ?? null,
        old_price: input.oldPrice,
        new_price: input.newPrice,
        price_drop_amount: Math.round((input.oldPrice - input.newPrice) * 100) / 100,
        price_drop_percent:
          input.oldPrice > 0 ? Math.round(((input.oldPrice - input.newPrice) / input.oldPrice) * 10000) / 100 : null,
      },
    }
    entered += yield* enterFlowSetOps({
      companyId,
      flow: f,
      profileIds: input.profileIds,
      triggerKind: 'price-drop',
      at: now,
      checkProfiles: true,
      triggerEvent: event,
      entryKey: `catalog:price-drop:${input.itemId}:${input.variantId ?? ''}:${input.occurrence ?? input.newPrice}`,
    })
  }
  return entered
}

/** Enters the low-inventory flows whose threshold the level is at or under; returns the runs created. */
export function* enterLowInventoryOps(companyId: number, input: LowInventoryInput): Ops<number> {
  const now = input.now ?? new Date()
  const occurrence = input.occurrence ?? now.toISOString().slice(0, 10)
  let entered = 0
  for (const f of yield* catalogFlowsOps(companyId, 'Low Inventory')) {
    const def = yield* flowVersionDefinitionOps(companyId, f.flowId, f.version)
    const trigger = def?.triggers.find((t) => t.type === 'low-inventory') as Record<string, unknown> | undefined
    if (!trigger || !(input.inventory <= Number(trigger.inventory_count ?? 0))) continue
    // A product-level trigger counts the product once, whichever variant ran low.
    const variant = trigger.product_level === 'variant' ? (input.variantId ?? '') : ''
    const event: TriggerEvent = {
      id: null,
      metricId: null,
      metric: 'Low Inventory',
      time: now.toISOString(),
      value: input.inventory,
      properties: {
        item_id: input.itemId,
        variant_id: input.variantId ?? null,
        inventory_quantity: input.inventory,
        inventory_count: trigger.inventory_count ?? null,
      },
    }
    entered += yield* enterFlowSetOps({
      companyId,
      flow: f,
      profileIds: input.profileIds,
      triggerKind: 'low-inventory',
      at: now,
      checkProfiles: true,
      triggerEvent: event,
      entryKey: `catalog:low-inventory:${input.itemId}:${variant}:${occurrence}`,
    })
  }
  return entered
}
