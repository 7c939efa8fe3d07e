// GET /ajax/flows/classifications/ – each flow's purpose, for the list's grouping and filters:
// welcome, abandoned_cart, browse_abandonment, post_purchase, back_in_stock, price_drop,
// low_inventory, date_based (birthday and anniversaries), winback, other. Derived from the
// trigger (its kind, the metric's or list's name); the classes are ours (seed 002 does not show them).
import { db } from '@/lib/db/client'
import type { FlowDefinition } from '../definition'

export const FLOW_CLASSIFICATIONS = [
  'welcome',
  'abandoned_cart',
  'browse_abandonment',
  'post_purchase',
  'back_in_stock',
  'price_drop',
  'low_inventory',
  'date_based',
  'winback',
  'other',
] as const
export type FlowClassification = (typeof FLOW_CLASSIFICATIONS)[number]

export function classify(def: FlowDefinition | null, names: Map<string, string>): FlowClassification {
  const t = def?.triggers[0] as { type?: string; id?: string } | undefined
  if (!t?.type) return 'other'
  if (t.type === 'price-drop') return 'price_drop'
  if (t.type === 'low-inventory') return 'low_inventory'
  if (t.type === 'date') return 'date_based'
  if (t.type === 'list') return 'welcome'
  const name = (t.id ? names.get(t.id) : undefined)?.toLowerCase() ?? ''
  if (t.type === 'metric') {
    if (/checkout|cart/.test(name)) return 'abandoned_cart'
    if (/viewed product|browse/.test(name)) return 'browse_abandonment'
    if (/back in stock/.test(name)) return 'back_in_stock'
    if (/placed order|fulfilled|ordered product|delivered/.test(name)) return 'post_purchase'
    if (/subscribed|signed up/.test(name)) return 'welcome'
  }
  if (t.type === 'segment' && /lapsed|winback|win-back|inactive|churn/.test(name)) return 'winback'
  return 'other'
}

export async function flowClassifications(companyId: number) {
  const flows = await db.flow.findMany({
    where: { companyId, archived: false },
    select: { id: true, currentVersion: true },
    orderBy: { id: 'asc' },
  })
  const versions = flows.length
    ? await db.flowVersion.findMany({
        where: { companyId, OR: flows.map((f) => ({ flowId: f.id, version: f.currentVersion })) },
        select: { flowId: true, definition: true },
      })
    : []
  const defs = new Map(versions.map((v) => [v.flowId, JSON.parse(v.definition) as FlowDefinition]))
  const [metrics, groups] = await Promise.all([
    db.metric.findMany({ where: { companyId }, select: { id: true, name: true } }),
    db.group.findMany({ where: { companyId }, select: { id: true, name: true } }),
  ])
  const names = new Map<string, string>([...metrics, ...groups].map((x) => [x.id, x.name]))
  const classifications = flows.map((f) => ({ flowId: f.id, classification: classify(defs.get(f.id) ?? null, names) }))
  const counts = Object.fromEntries(
    FLOW_CLASSIFICATIONS.map((c) => [c, classifications.filter((x) => x.classification === c).length]),
  )
  return { classifications, counts, available: FLOW_CLASSIFICATIONS }
}
