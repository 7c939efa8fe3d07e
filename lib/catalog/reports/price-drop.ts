// /catalog/reports/price-drop: each recorded price drop in the range (CatalogChangeReaction
// kind price_drop), the profiles it entered into the price-drop flows and the messages sent.
import { kysely } from '@/lib/db/kysely'
import { read, select } from '@/lib/db/ops'
import { toDate } from '@/lib/db/dialect'
import type { DateRange } from './range'
import { flowRunSendsOps } from './sends'

export interface PriceDropRow {
  changeId: number
  itemId: string
  variantId: string | null
  title: string
  oldPrice: number
  newPrice: number
  at: Date
  profilesEntered: number
  sends: number
}

/** The entry key the price-drop hook gives its runs (lib/flows/triggers/catalog-hooks.ts). */
/** The runs' entry key of one drop: named by its catalog change (lib/catalog/changes.ts passes `change-<id>` as the occurrence). */
export const priceDropEntryKey = (itemId: string, variantId: string | null, changeId: number) =>
  `catalog:price-drop:${itemId}:${variantId ?? ''}:change-${changeId}`

export async function priceDropReport(
  companyId: number,
  range: DateRange,
): Promise<{ totals: { drops: number; profilesEntered: number; sends: number }; drops: PriceDropRow[] }> {
  const rows = await read(
    select(
      kysely()
        .selectFrom('CatalogChangeReaction as r')
        .leftJoin('CatalogItem as i', (j) => j.onRef('i.id', '=', 'r.itemId').onRef('i.companyId', '=', 'r.companyId'))
        .select([
          'r.changeId as changeId',
          'r.itemId as itemId',
          'r.variantId as variantId',
          'i.title as title',
          'r.oldValue as oldValue',
          'r.newValue as newValue',
          'r.at as at',
          'r.entered as entered',
        ])
        .where('r.companyId', '=', companyId)
        .where('r.kind', '=', 'price_drop')
        .where('r.at', '>=', range.from)
        .where('r.at', '<', range.to)
        .orderBy('r.at', 'desc')
        .orderBy('r.changeId', 'desc')
        .limit(1000),
    ),
  )
  const keys = rows.map((r) => priceDropEntryKey(r.itemId, r.variantId ?? null, Number(r.changeId)))
  const sends = keys.length
    ? await read(flowRunSendsOps(companyId, { triggerKind: 'price-drop', entryKeys: [...new Set(keys)] }))
    : []
  const perKey = new Map<string, number>()
  for (const s of sends) perKey.set(s.entryKey, (perKey.get(s.entryKey) ?? 0) + 1)
  const drops = rows.map((r, i) => ({
    changeId: Number(r.changeId),
    itemId: r.itemId,
    variantId: r.variantId ?? null,
    title: r.title ?? '(deleted item)',
    oldPrice: Number(r.oldValue),
    newPrice: Number(r.newValue),
    at: toDate(r.at)!,
    profilesEntered: Number(r.entered),
    sends: perKey.get(keys[i]!) ?? 0,
  }))
  // Each drop has its own entry key; the set only guards against a key listed twice.
  const seen = new Set<string>()
  let sendTotal = 0
  keys.forEach((k) => {
    if (!seen.has(k)) {
      seen.add(k)
      sendTotal += perKey.get(k) ?? 0
    }
  })
  return {
    totals: {
      drops: drops.length,
      profilesEntered: drops.reduce((n, d) => n + d.profilesEntered, 0),
      sends: sendTotal,
    },
    drops,
  }
}
