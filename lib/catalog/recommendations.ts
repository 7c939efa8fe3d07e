// Product recommendations for templates ({% recommendations %}, lib/templates/README-catalog.md),
// from the events we hold:
// - recently viewed: the profile's Viewed Product events, newest first;
// - best sellers: Placed Order item counts over the last 30 days (per company);
// - frequently bought together: items ordered in the same Placed Order as the given items
//   (co-occurrence over the last 90 days);
// - newest: the newest published items.
// The company-wide figures (best sellers, co-occurrence, newest) are computed once and cached per
// company for CACHE_MS; a short list is filled from best sellers, then the newest items.
// Only published, not deleted items of the $custom:::$default catalog are recommended.
import { db } from '@/lib/db/client'
import { kysely } from '@/lib/db/kysely'
import { sql } from 'kysely'
import { read, select } from '@/lib/db/ops'
import { productIdsOf } from './link-events'
import { DEFAULT_CATALOG, DEFAULT_INTEGRATION, toApiId } from '@/lib/ids/catalog-api-id'

export const RECOMMENDATION_KINDS = ['recently_viewed', 'best_sellers', 'frequently_bought_together', 'newest'] as const
export type RecommendationKind = (typeof RECOMMENDATION_KINDS)[number]
export const MAX_RECOMMENDATIONS = 12
const CACHE_MS = 10 * 60_000
const BEST_SELLER_DAYS = 30
const FBT_DAYS = 90
/** At most this many Placed Order events are read per company and refresh (newest first). */
const MAX_ORDERS_SCANNED = 50_000

/** What templates see as catalog_item / each of products. */
export interface CatalogItemView {
  id: string
  api_id: string
  title: string
  description: string
  url: string
  price: number | null
  image: string
  featured_image: { full: { src: string }; thumbnail: { src: string } }
  images: string[]
  metadata: Record<string, unknown>
  categories: string[]
  variants: Array<{ id: string; sku: string; title: string; price: number; inventory_quantity: number; url: string }>
}

const parseJson = <T>(s: string | null | undefined, fallback: T): T => {
  try {
    return s ? (JSON.parse(s) as T) : fallback
  } catch {
    return fallback
  }
}

/** Item views per company for ITEM_CACHE_MS (a send of many messages reads the same items); null = not published. */
const ITEM_CACHE_MS = 30_000
const itemCache = new Map<number, { at: number; items: Map<string, CatalogItemView | null> }>()

/** Published items by external id, through the short per-company cache. */
export async function cachedCatalogItems(
  companyId: number,
  ids: Iterable<string>,
  now = Date.now(),
): Promise<Map<string, CatalogItemView>> {
  let entry = itemCache.get(companyId)
  if (!entry || now - entry.at > ITEM_CACHE_MS || entry.items.size > 20_000) {
    entry = { at: now, items: new Map() }
    itemCache.set(companyId, entry)
  }
  const wanted = [...new Set([...ids].map(externalOf).filter(Boolean))]
  const missing = wanted.filter((id) => !entry.items.has(id))
  if (missing.length) {
    const loaded = await loadCatalogItems(companyId, missing)
    for (const id of missing) entry.items.set(id, loaded.get(id) ?? null)
  }
  const out = new Map<string, CatalogItemView>()
  for (const id of wanted) {
    const v = entry.items.get(id)
    if (v) out.set(id, v)
  }
  return out
}

/** Published items by external id (an /api id `$custom:::$default:::X` is read as X). */
export async function loadCatalogItems(
  companyId: number,
  ids: Iterable<string>,
): Promise<Map<string, CatalogItemView>> {
  const wanted = [...new Set([...ids].map(externalOf).filter(Boolean))]
  const out = new Map<string, CatalogItemView>()
  for (let i = 0; i < wanted.length; i += 500) {
    const rows = await db.catalogItem.findMany({
      where: {
        companyId,
        integrationKey: DEFAULT_INTEGRATION,
        catalogName: DEFAULT_CATALOG,
        externalId: { in: wanted.slice(i, i + 500) },
        published: true,
        deleted: false,
      },
    })
    if (!rows.length) continue
    const itemIds = rows.map((r) => r.id)
    const [variants, links] = await Promise.all([
      db.catalogVariant.findMany({
        where: { companyId, itemId: { in: itemIds }, published: true },
        orderBy: { externalId: 'asc' },
      }),
      db.catalogItemCategory.findMany({ where: { companyId, itemId: { in: itemIds } } }),
    ])
    const cats = links.length
      ? await db.catalogCategory.findMany({
          where: { companyId, id: { in: [...new Set(links.map((l) => l.categoryId))] } },
        })
      : []
    const catName = new Map(cats.map((c) => [c.id, c.name]))
    for (const r of rows) {
      const images = parseJson<string[]>(r.imageUrls, [])
      const full = r.imageFullUrl || images[0] || ''
      out.set(r.externalId, {
        id: r.externalId,
        api_id: toApiId(r.externalId),
        title: r.title,
        description: r.description,
        url: r.url,
        price: r.price,
        image: full,
        featured_image: { full: { src: full }, thumbnail: { src: r.imageThumbnailUrl || full } },
        images,
        metadata: parseJson<Record<string, unknown>>(r.customMetadata, {}),
        categories: links
          .filter((l) => l.itemId === r.id)
          .map((l) => catName.get(l.categoryId) ?? '')
          .filter(Boolean),
        variants: variants
          .filter((v) => v.itemId === r.id)
          .map((v) => ({
            id: v.externalId,
            sku: v.sku,
            title: v.title,
            price: v.price,
            inventory_quantity: v.inventoryQuantity,
            url: v.url,
          })),
      })
    }
  }
  return out
}

export function externalOf(id: string): string {
  const s = String(id ?? '').trim()
  const prefix = `${DEFAULT_INTEGRATION}:::${DEFAULT_CATALOG}:::`
  return s.startsWith(prefix) ? s.slice(prefix.length) : s
}

// ------------------------------------------------------------------------------ company-wide, cached

interface CompanyFigures {
  at: number
  /** External ids, best first (30 days). */
  bestSellers: string[]
  /** id → [other id, times ordered together] best first (90 days). */
  together: Map<string, Array<[string, number]>>
  /** Newest published items first. */
  newest: string[]
}

const cache = new Map<number, CompanyFigures | Promise<CompanyFigures>>()

/** Drops the cached figures (tests; a catalog import may call it too). */
export function clearRecommendationCache(companyId?: number): void {
  if (companyId === undefined) {
    cache.clear()
    itemCache.clear()
    metricCache.clear()
  } else {
    cache.delete(companyId)
    itemCache.delete(companyId)
    for (const k of metricCache.keys()) if (k.startsWith(`${companyId}:`)) metricCache.delete(k)
  }
}

const metricCache = new Map<string, { at: number; ids: string[] }>()

async function metricIds(companyId: number, name: string): Promise<string[]> {
  const key = `${companyId}:${name}`
  const hit = metricCache.get(key)
  if (hit && Date.now() - hit.at < 60_000) return hit.ids
  const ids = (await db.metric.findMany({ where: { companyId, name }, select: { id: true } })).map((m) => m.id)
  metricCache.set(key, { at: Date.now(), ids })
  return ids
}

async function computeFigures(companyId: number, now: Date): Promise<CompanyFigures> {
  const nowSec = Math.floor(now.getTime() / 1000)
  const placed = await metricIds(companyId, 'Placed Order')
  const sold = new Map<string, number>()
  const pairs = new Map<string, Map<string, number>>()
  if (placed.length) {
    const events = await db.event.findMany({
      where: { companyId, metricId: { in: placed }, ts: { gte: nowSec - FBT_DAYS * 86400, lte: nowSec } },
      select: { ts: true, properties: true },
      orderBy: { ts: 'desc' },
      take: MAX_ORDERS_SCANNED,
    })
    const bestSince = nowSec - BEST_SELLER_DAYS * 86400
    for (const e of events) {
      const props = parseJson<Record<string, unknown>>(e.properties, {})
      const ids = productIdsOf(props)
      if (e.ts >= bestSince) for (const id of ids) sold.set(id, (sold.get(id) ?? 0) + quantityOf(props, id))
      if (ids.length < 2 || ids.length > 50) continue
      for (const a of ids) {
        const m = pairs.get(a) ?? new Map<string, number>()
        pairs.set(a, m)
        for (const b of ids) if (a !== b) m.set(b, (m.get(b) ?? 0) + 1)
      }
    }
  }
  const byCount = (m: Map<string, number>) => [...m.entries()].sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1))
  const together = new Map<string, Array<[string, number]>>()
  for (const [a, m] of pairs) together.set(a, byCount(m).slice(0, 50))
  const newestRows = await db.catalogItem.findMany({
    where: {
      companyId,
      integrationKey: DEFAULT_INTEGRATION,
      catalogName: DEFAULT_CATALOG,
      published: true,
      deleted: false,
    },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: 50,
    select: { externalId: true },
  })
  return {
    at: now.getTime(),
    bestSellers: byCount(sold)
      .slice(0, 100)
      .map(([id]) => id),
    together,
    newest: newestRows.map((r) => r.externalId),
  }
}

/** The quantity of `id` in an order (Items[].Quantity), 1 when not given. */
function quantityOf(props: Record<string, unknown>, id: string): number {
  const items = props.Items ?? props.items
  if (Array.isArray(items)) {
    let n = 0
    for (const it of items) {
      if (!it || typeof it !== 'object') continue
      const o = it as Record<string, unknown>
      if (productIdsOf(o).includes(id))
        n += typeof o.Quantity === 'number' && o.Quantity > 0 ? Math.min(o.Quantity, 1000) : 1
    }
    if (n) return n
  }
  return 1
}

export async function companyFigures(companyId: number, now: Date): Promise<CompanyFigures> {
  const hit = cache.get(companyId)
  if (hit && !(hit instanceof Promise) && now.getTime() - hit.at < CACHE_MS && hit.at <= now.getTime()) return hit
  if (hit instanceof Promise) return hit
  const p = computeFigures(companyId, now).then(
    (f) => (cache.set(companyId, f), f),
    (e) => {
      cache.delete(companyId)
      throw e
    },
  )
  cache.set(companyId, p)
  return p
}

// ------------------------------------------------------------------------------ per profile

/** The profile's recently viewed product ids, newest first. */
export async function recentlyViewed(
  companyId: number,
  profileId: string | null | undefined,
  limit: number,
): Promise<string[]> {
  if (!profileId) return []
  const viewed = await metricIds(companyId, 'Viewed Product')
  if (!viewed.length) return []
  // kysely (not Prisma): one indexed read per render, the hot path of a send with a recommendations block.
  // The company filter is written so no index serves it ("companyId" + 0): the profile's own index
  // (profileId, metricId, ts) must answer, not the company-wide (companyId, metricId, ts) one, which
  // SQLite otherwise picks and then walks every view of the company newest first.
  const events = await read(
    select(
      kysely()
        .selectFrom('Event')
        .select(['properties'])
        .where(sql<number>`"companyId" + 0`, '=', companyId)
        .where('profileId', '=', profileId)
        .where('metricId', 'in', viewed)
        .orderBy('ts', 'desc')
        .orderBy('id', 'desc')
        .limit(Math.max(limit * 5, 50)),
    ),
  )
  const out: string[] = []
  for (const e of events) {
    for (const id of productIdsOf(parseJson<Record<string, unknown>>(e.properties, {})))
      if (!out.includes(id)) out.push(id)
    if (out.length >= limit * 3) break
  }
  return out
}

export interface RecommendInput {
  companyId: number
  profileId?: string | null
  /** The triggering event's products (frequently bought together starts from them). */
  basis?: string[]
  now: Date
  /** The profile's recently viewed ids when already read (one query per render). */
  viewed?: string[]
}

const viewedOf = async (input: RecommendInput, limit: number) =>
  input.viewed ?? recentlyViewed(input.companyId, input.profileId, limit)

/**
 * Up to `count` product ids of the kind, filled from best sellers and then the newest items,
 * without duplicates; only ids that are published items (checked by the caller's item map).
 */
export async function recommend(
  kind: RecommendationKind,
  count: number,
  input: RecommendInput,
  published: (id: string) => boolean,
): Promise<string[]> {
  const n = Math.max(1, Math.min(MAX_RECOMMENDATIONS, Math.floor(count) || 4))
  const fig = await companyFigures(input.companyId, input.now)
  let primary: string[] = []
  if (kind === 'recently_viewed') primary = await viewedOf(input, n)
  else if (kind === 'best_sellers') primary = fig.bestSellers
  else if (kind === 'newest') primary = fig.newest
  else {
    let basis = input.basis?.length ? input.basis : []
    if (!basis.length) basis = (await viewedOf(input, 3)).slice(0, 3)
    const score = new Map<string, number>()
    for (const b of basis)
      for (const [other, c] of fig.together.get(b) ?? []) score.set(other, (score.get(other) ?? 0) + c)
    for (const b of basis) score.delete(b)
    primary = [...score.entries()].sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1)).map(([id]) => id)
  }
  const exclude = new Set(kind === 'frequently_bought_together' ? (input.basis ?? []) : [])
  const out: string[] = []
  for (const list of [primary, fig.bestSellers, fig.newest]) {
    for (const id of list) {
      if (out.length >= n) return out
      if (!out.includes(id) && !exclude.has(id) && published(id)) out.push(id)
    }
  }
  return out
}

/** Every id `recommend` may pick from (to load their items before checking publication). */
export async function candidateIds(kind: RecommendationKind, input: RecommendInput): Promise<string[]> {
  const fig = await companyFigures(input.companyId, input.now)
  const ids = new Set<string>([...fig.bestSellers.slice(0, 40), ...fig.newest.slice(0, 40)])
  if (kind === 'recently_viewed' || kind === 'frequently_bought_together')
    for (const id of await viewedOf(input, MAX_RECOMMENDATIONS)) ids.add(id)
  if (kind === 'frequently_bought_together') {
    const basis = input.basis?.length ? input.basis : (await viewedOf(input, 3)).slice(0, 3)
    for (const b of basis) for (const [other] of (fig.together.get(b) ?? []).slice(0, 40)) ids.add(other)
  }
  return [...ids]
}
