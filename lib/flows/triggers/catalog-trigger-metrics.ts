// Which metric each audience of the catalog triggers (price drop, low inventory; seed 002 §7.2)
// reads: a staff override (FlowMetricOverride, set through /ajax/staff/.../metric-override), else
// the company's metric of the store integration's default name. The catalog change processor
// (lib/catalog/changes.ts) and the /ajax option lists (lib/flows/ajax/triggers-options.ts) both ask here.
import { db } from '@/lib/db/client'

export type OverrideKind = 'price_drop' | 'low_inventory'

/** The engagement kinds each trigger's audience can use (the vendor's audience enums). */
export const AUDIENCES: Record<OverrideKind, readonly string[]> = {
  price_drop: ['viewed', 'checkout-started'],
  low_inventory: ['viewed', 'added-to-cart', 'checkout-started'],
}
/** The metric each engagement is read from when no override is set (the store integration's names). */
const DEFAULT_METRIC_NAMES: Record<string, string> = {
  viewed: 'Viewed Product',
  'checkout-started': 'Started Checkout',
  'added-to-cart': 'Added to Cart',
}
const LABELS: Record<string, string> = {
  viewed: 'Viewed the product',
  'checkout-started': 'Started a checkout with it',
  'added-to-cart': 'Added it to their cart',
}

/** The staff override as stored: audience → metric id. */
export async function storedOverride(companyId: number, kind: OverrideKind): Promise<Record<string, string | null>> {
  const row = await db.flowMetricOverride.findUnique({ where: { companyId_kind: { companyId, kind } } })
  if (!row) return {}
  try {
    return JSON.parse(row.metricIds) as Record<string, string | null>
  } catch {
    return {}
  }
}

/** Each engagement's metric: the override, else the company's metric of the default name, else null. */
export async function resolvedMetrics(companyId: number, kind: OverrideKind) {
  const override = await storedOverride(companyId, kind)
  const names = AUDIENCES[kind].map((a) => DEFAULT_METRIC_NAMES[a]!)
  const byName = new Map(
    (await db.metric.findMany({ where: { companyId, name: { in: names } }, select: { id: true, name: true } })).map(
      (m) => [m.name, m.id],
    ),
  )
  const ids = Object.values(override).filter((v): v is string => typeof v === 'string')
  const named = new Map(
    (await db.metric.findMany({ where: { companyId, id: { in: ids } }, select: { id: true, name: true } })).map((m) => [
      m.id,
      m.name,
    ]),
  )
  return AUDIENCES[kind].map((audience) => {
    const overridden = typeof override[audience] === 'string' && named.has(override[audience]!)
    const metricId = overridden ? override[audience]! : (byName.get(DEFAULT_METRIC_NAMES[audience]!) ?? null)
    return {
      audience,
      label: LABELS[audience]!,
      metricId,
      metricName: overridden ? named.get(metricId!)! : metricId ? DEFAULT_METRIC_NAMES[audience]! : null,
      overridden,
      defaultMetricName: DEFAULT_METRIC_NAMES[audience]!,
    }
  })
}
