// Option lists of the catalog triggers (seed 002 §7.2): GET /ajax/flows/price_drop/dimension_values
// and GET /ajax/flows/lit/dimension_values (low inventory), and the staff overrides of the metrics
// those triggers watch (GET/PUT /ajax/staff/account/{id}/flows/metric-override and
// /flows/low-inventory/metric-override). The catalog-derived values (categories, brands,
// products) are empty until the catalog issue fills them in; the answers are already in their
// final shape. Which metric each audience reads is the triggers' rule
// (lib/flows/triggers/catalog-trigger-metrics.ts).
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { badRequest } from '@/lib/errors/app-error'
import {
  AUDIENCES,
  resolvedMetrics,
  storedOverride,
  type OverrideKind,
} from '@/lib/flows/triggers/catalog-trigger-metrics'

/** The dimensions a catalog trigger filter can use; values come from the catalog (none yet). */
function dimensions() {
  return [
    {
      key: 'categories',
      label: 'Product category',
      operators: ['contains', 'not-contains'],
      values: [] as Array<{ value: string; label: string }>,
    },
    {
      key: 'brand',
      label: 'Brand',
      operators: ['equals', 'not-equals'],
      values: [] as Array<{ value: string; label: string }>,
    },
    {
      key: 'product_id',
      label: 'Product',
      operators: ['equals', 'not-equals'],
      values: [] as Array<{ value: string; label: string }>,
    },
    {
      key: 'price',
      label: 'Price',
      operators: ['greater-than', 'less-than'],
      values: [] as Array<{ value: string; label: string }>,
    },
  ]
}

export const priceDropOptionsQuery = z.object({
  selectedTriggerPreset: z
    .enum(['lists', 'segments', 'actions', 'date', 'priceDrop', 'lowInventory'])
    .default('priceDrop'),
})

/** GET /ajax/flows/price_drop/dimension_values. */
export async function priceDropDimensionValues(companyId: number, selectedTriggerPreset: string) {
  const company = await db.company.findUnique({ where: { id: companyId }, select: { currency: true } })
  return {
    selectedTriggerPreset,
    catalogConnected: false,
    dimensions: dimensions(),
    amountUnits: ['currency', 'percent'],
    currency: (company?.currency ?? 'USD').toLowerCase(),
    audiences: await resolvedMetrics(companyId, 'price_drop'),
    defaults: {
      price_drop_amount_value: 10,
      price_drop_amount_unit: 'percent',
      audience: ['viewed'],
      timeframe_days: 30,
    },
  }
}

/** GET /ajax/flows/lit/dimension_values (the low inventory trigger). */
export async function lowInventoryDimensionValues(companyId: number) {
  return {
    catalogConnected: false,
    dimensions: dimensions(),
    inventoryGranularities: ['product', 'variant'],
    itemEngagementMetrics: await resolvedMetrics(companyId, 'low_inventory'),
    defaults: {
      inventory_granularity: 'product',
      inventory_threshold: 10,
      item_engagement_metrics: ['viewed'],
      engagement_timeframe: 30,
    },
  }
}

/** PUT body: { metricIds: { viewed, checkoutStarted, addedToCart } }, each a metric id or null (back to the default). */
export const metricOverrideBody = z.object({
  metricIds: z
    .object({
      viewed: z.string().min(1).max(64).nullable().optional(),
      checkoutStarted: z.string().min(1).max(64).nullable().optional(),
      addedToCart: z.string().min(1).max(64).nullable().optional(),
    })
    .strict(),
})
const AUDIENCE_OF: Record<string, string> = {
  viewed: 'viewed',
  checkoutStarted: 'checkout-started',
  addedToCart: 'added-to-cart',
}

export async function getMetricOverride(companyId: number, kind: OverrideKind) {
  return { companyId, kind, metrics: await resolvedMetrics(companyId, kind) }
}

export async function putMetricOverride(
  companyId: number,
  kind: OverrideKind,
  staffUserId: number,
  input: z.infer<typeof metricOverrideBody>,
) {
  const next = await storedOverride(companyId, kind)
  const errors: Record<string, string[]> = {}
  const wanted = Object.entries(input.metricIds).filter(([, v]) => v !== undefined) as Array<[string, string | null]>
  const ids = wanted.map(([, v]) => v).filter((v): v is string => v != null)
  const found = new Set(
    (await db.metric.findMany({ where: { companyId, id: { in: ids } }, select: { id: true } })).map((m) => m.id),
  )
  for (const [k, v] of wanted) {
    const audience = AUDIENCE_OF[k]!
    if (!AUDIENCES[kind].includes(audience))
      errors[`metricIds.${k}`] = [`This trigger does not use ${audience} engagement.`]
    else if (v != null && !found.has(v))
      errors[`metricIds.${k}`] = [`There is no metric with id "${v}" in this account.`]
    else if (v == null) delete next[audience]
    else next[audience] = v
  }
  if (Object.keys(errors).length) throw badRequest('Please correct the highlighted fields.', errors)
  const metricIds = JSON.stringify(next)
  await db.flowMetricOverride.upsert({
    where: { companyId_kind: { companyId, kind } },
    create: { companyId, kind, metricIds, updatedBy: staffUserId },
    update: { metricIds, updatedBy: staffUserId },
  })
  return getMetricOverride(companyId, kind)
}
