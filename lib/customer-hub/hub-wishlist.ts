// The shopper's wishlist in the hub (the wishlist extension): the products of their own Added to
// Wishlist events, newest first, one per product, drawn from the catalog when the store's product
// is there (title, image, price, link) and from the event otherwise; prices in the company's
// currency. Removing one records a HubWishlistRemoval: the event stays (it is history), and a later
// Added to Wishlist brings the product back. The profile id always comes from the hub session, so
// a product id from another shopper's list is simply not on this one (404).
import { db } from '@/lib/db/client'
import { notFound } from '@/lib/errors/app-error'
import { getHubSettings } from './hub-settings'

export const WISHLIST_METRIC = 'Added to Wishlist'
const MAX_EVENTS = 500
const MAX_ITEMS = 50

export interface HubWishlistItem {
  productId: string
  name: string
  url: string | null
  imageUrl: string | null
  price: number | null
  currency: string
  addedAt: string
}

type Props = Record<string, unknown>
const str = (v: unknown) => (typeof v === 'string' && v ? v : typeof v === 'number' ? String(v) : null)
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null)
// Only web links reach the page: a store could send any text as a URL.
const httpUrl = (v: unknown) => {
  const s = str(v)
  return s && /^https?:\/\//i.test(s) ? s : null
}
function parse(raw: string): Props {
  try {
    const v = JSON.parse(raw) as unknown
    return v && typeof v === 'object' ? (v as Props) : {}
  } catch {
    return {}
  }
}

async function wishlistOn(companyId: number) {
  const s = await getHubSettings(companyId)
  if (!s.extensions.wishlist) throw notFound('The wishlist is not available.')
}

export async function listHubWishlist(companyId: number, profileId: string): Promise<HubWishlistItem[]> {
  await wishlistOn(companyId)
  const metric = await db.metric.findFirst({ where: { companyId, name: WISHLIST_METRIC }, select: { id: true } })
  if (!metric) return []
  const [events, removals, company] = await Promise.all([
    db.event.findMany({
      where: { companyId, profileId, metricId: metric.id },
      orderBy: { ts: 'desc' },
      take: MAX_EVENTS,
      select: { ts: true, properties: true },
    }),
    db.hubWishlistRemoval.findMany({ where: { companyId, profileId }, select: { productId: true, removedAt: true } }),
    db.company.findUniqueOrThrow({ where: { id: companyId }, select: { currency: true } }),
  ])
  const removedAt = new Map(removals.map((r) => [r.productId, r.removedAt.getTime()]))
  const latest = new Map<string, { ts: number; p: Props }>()
  for (const e of events) {
    const p = parse(e.properties)
    const id = str(p.ProductID) ?? str(p.ProductId)
    if (!id || latest.has(id)) continue
    // added again after the shopper removed it: back on the list
    if ((removedAt.get(id) ?? -Infinity) >= e.ts * 1000) {
      latest.set(id, { ts: -1, p })
      continue
    }
    latest.set(id, { ts: e.ts, p })
    if ([...latest.values()].filter((x) => x.ts >= 0).length >= MAX_ITEMS) break
  }
  const kept = [...latest.entries()].filter(([, v]) => v.ts >= 0)
  const items = kept.length
    ? await db.catalogItem.findMany({
        where: { companyId, externalId: { in: kept.map(([id]) => id) }, deleted: false },
        select: { externalId: true, title: true, url: true, imageThumbnailUrl: true, imageFullUrl: true, price: true },
      })
    : []
  const byId = new Map(items.map((i) => [i.externalId, i]))
  return kept.map(([productId, { ts, p }]) => {
    const item = byId.get(productId)
    return {
      productId,
      name: item?.title || str(p.ProductName) || str(p.Name) || productId,
      url: httpUrl(item?.url) ?? httpUrl(p.URL) ?? httpUrl(p.ProductURL),
      imageUrl: httpUrl(item?.imageThumbnailUrl) ?? httpUrl(item?.imageFullUrl) ?? httpUrl(p.ImageURL),
      price: item?.price ?? num(p.Price),
      currency: company.currency,
      addedAt: new Date(ts * 1000).toISOString(),
    }
  })
}

/** Takes a product off the shopper's own list; 404 when it is not on it. */
export async function removeHubWishlistItem(companyId: number, profileId: string, productId: string, now = new Date()) {
  const list = await listHubWishlist(companyId, profileId)
  if (!list.some((i) => i.productId === productId)) throw notFound('This product is not on your wishlist.')
  await db.hubWishlistRemoval.upsert({
    where: { companyId_profileId_productId: { companyId, profileId, productId } },
    create: { companyId, profileId, productId, removedAt: now },
    update: { removedAt: now },
  })
  return { removed: productId }
}
