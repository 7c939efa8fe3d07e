// Events → catalog items. A store's Viewed Product / Added to Cart / Started Checkout / Placed
// Order events name products by ProductID (or Items[].ProductID, $ProductID, product_id); that id
// is CatalogItem.externalId in the company's $custom:::$default catalog. The catalog reactions
// (lib/catalog/changes.ts) use it to find the profiles who engaged with an item within a lookback.
import { sql } from 'kysely'
import { kysely } from '@/lib/db/kysely'
import { escapeLike } from '@/lib/db/dialect'
import { select, selectFirst, type Ops } from '@/lib/db/ops'

const KEYS = ['ProductID', '$ProductID', 'product_id', 'ProductId', 'productId'] as const

const idText = (v: unknown): string | null =>
  typeof v === 'string' && v.trim() !== '' ? v.trim() : typeof v === 'number' && Number.isFinite(v) ? String(v) : null

/** The product ids an event's properties name (top-level keys and Items[] / items[] entries). */
export function productIdsOf(properties: Record<string, unknown> | null | undefined): string[] {
  if (!properties || typeof properties !== 'object') return []
  const out = new Set<string>()
  for (const k of KEYS) {
    const v = idText(properties[k])
    if (v) out.add(v)
  }
  for (const listKey of ['Items', 'items', '$items']) {
    const list = properties[listKey]
    if (!Array.isArray(list)) continue
    for (const entry of list) {
      if (!entry || typeof entry !== 'object') continue
      for (const k of KEYS) {
        const v = idText((entry as Record<string, unknown>)[k])
        if (v) out.add(v)
      }
    }
  }
  return [...out]
}

/**
 * The profiles with an event of one of `metricIds` at or after `since` that names the product
 * `externalId`. The SQL narrows by metric, time and a text match on the id; each candidate's
 * properties are then read exactly (a text match could be a longer id or another field).
 */
export function* interestedProfilesOps(
  companyId: number,
  input: { externalId: string; metricIds: string[]; since: Date },
): Ops<string[]> {
  if (!input.metricIds.length || !input.externalId) return []
  const pattern = '%' + escapeLike(input.externalId) + '%'
  const rows = yield* select(
    kysely()
      .selectFrom('Event')
      .select(['profileId', 'properties'])
      .where('companyId', '=', companyId)
      .where('metricId', 'in', input.metricIds)
      .where('ts', '>=', Math.floor(input.since.getTime() / 1000))
      // A prefilter on the JSON text (jsonb on PostgreSQL: LIKE needs it cast).
      .where(sql<boolean>`cast(${sql.ref('properties')} as text) like ${pattern} escape '\\'`),
  )
  const out = new Set<string>()
  for (const r of rows) {
    if (out.has(r.profileId)) continue
    let p: Record<string, unknown>
    try {
      p = JSON.parse(r.properties) as Record<string, unknown>
    } catch {
      continue
    }
    if (productIdsOf(p).includes(input.externalId)) out.add(r.profileId)
  }
  return [...out].sort()
}

/** The item's external id (the id events use), or null when it is gone. */
export function* itemExternalIdOps(
  companyId: number,
  itemId: string,
): Ops<{ externalId: string; title: string } | null> {
  const r = yield* selectFirst(
    kysely()
      .selectFrom('CatalogItem')
      .select(['externalId', 'title'])
      .where('companyId', '=', companyId)
      .where('id', '=', itemId),
  )
  return r ?? null
}
