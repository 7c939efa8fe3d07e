// A shopper's orders in the hub, read from their own Placed Order and Fulfilled Order events
// (lib/integrations/commerce/order-events.ts names the properties). Always scoped to the
// session's company and profile: the profile id comes from the hub session, never the request.
import { db } from '@/lib/db/client'
import { METRICS } from '@/lib/integrations/commerce/order-events'

export const MAX_HUB_ORDERS = 50

export interface HubOrderItem {
  key: string
  name: string
  quantity: number
  price: number | null
  productUrl: string | null
  imageUrl: string | null
  sku: string | null
}
export interface HubOrder {
  orderKey: string
  number: string | null
  placedAt: string
  fulfilledAt: string | null
  status: 'placed' | 'fulfilled'
  total: number | null
  currency: string | null
  items: HubOrderItem[]
  trackingUrls: string[]
}

type Props = Record<string, unknown>
const str = (v: unknown) => (typeof v === 'string' && v ? v : null)
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null)
// Only web links: a store could send any text as a URL, and a shopper's page must not run it.
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

/** A line's stable key within its order: what a return names. */
export function itemKeyOf(item: Props, index: number): string {
  return str(item.SKU) ?? str(item.VariantID) ?? str(item.ProductID) ?? `line-${index}`
}

function items(p: Props): HubOrderItem[] {
  const raw = Array.isArray(p.Items) ? (p.Items as unknown[]) : []
  return raw
    .filter((x): x is Props => !!x && typeof x === 'object')
    .map((x, i) => ({
      key: itemKeyOf(x, i),
      name: str(x.ProductName) ?? '',
      quantity: num(x.Quantity) ?? 1,
      price: num(x.ItemPrice),
      productUrl: httpUrl(x.ProductURL),
      imageUrl: httpUrl(x.ImageURL),
      sku: str(x.SKU),
    }))
}

function tracking(p: Props): string[] {
  const urls = [p.TrackingUrl, p.TrackingURL, ...(Array.isArray(p.TrackingUrls) ? p.TrackingUrls : [])]
  return [...new Set(urls.map(httpUrl).filter((u): u is string => !!u))]
}

async function metricIds(companyId: number, names: string[]) {
  const rows = await db.metric.findMany({ where: { companyId, name: { in: names } }, select: { id: true, name: true } })
  return new Map(rows.map((m) => [m.name, m.id]))
}

export async function listHubOrders(companyId: number, profileId: string): Promise<HubOrder[]> {
  const ids = await metricIds(companyId, [METRICS.placed, METRICS.fulfilled])
  const placedId = ids.get(METRICS.placed)
  if (!placedId) return []
  const placed = await db.event.findMany({
    where: { companyId, profileId, metricId: placedId },
    orderBy: { ts: 'desc' },
    take: MAX_HUB_ORDERS,
    select: { ts: true, value: true, currency: true, uniqueId: true, properties: true },
  })
  const fulfilledId = ids.get(METRICS.fulfilled)
  const fulfilled = fulfilledId
    ? await db.event.findMany({
        where: { companyId, profileId, metricId: fulfilledId, uniqueId: { in: placed.map((e) => e.uniqueId ?? '') } },
        select: { ts: true, uniqueId: true, properties: true },
      })
    : []
  const byOrder = new Map(fulfilled.map((f) => [f.uniqueId, f]))
  return placed.map((e) => {
    const p = parse(e.properties)
    const orderKey = str(p.OrderId) ?? e.uniqueId ?? ''
    const f = byOrder.get(e.uniqueId)
    const fp = f ? parse(f.properties) : {}
    return {
      orderKey,
      number: str(p.OrderNumber),
      placedAt: new Date(e.ts * 1000).toISOString(),
      fulfilledAt: f ? new Date(f.ts * 1000).toISOString() : null,
      status: f ? 'fulfilled' : 'placed',
      total: e.value,
      currency: e.currency,
      items: items(p),
      trackingUrls: [...new Set([...tracking(p), ...tracking(fp)])],
    }
  })
}

/** One order of the shopper's, or null (another profile's order is simply not found). */
export async function findHubOrder(companyId: number, profileId: string, orderKey: string) {
  const orders = await listHubOrders(companyId, profileId)
  return orders.find((o) => o.orderKey === orderKey) ?? null
}

/** The products the shopper viewed last (Viewed Product events), newest first, one per product. */
export async function recentlyViewed(companyId: number, profileId: string, limit = 12) {
  const ids = await metricIds(companyId, ['Viewed Product'])
  const metricId = ids.get('Viewed Product')
  if (!metricId) return []
  const rows = await db.event.findMany({
    where: { companyId, profileId, metricId },
    orderBy: { ts: 'desc' },
    take: 200,
    select: { ts: true, properties: true },
  })
  const seen = new Set<string>()
  const out: {
    productId: string | null
    name: string
    url: string | null
    imageUrl: string | null
    viewedAt: string
  }[] = []
  for (const r of rows) {
    const p = parse(r.properties)
    const name = str(p.ProductName) ?? str(p.Name) ?? ''
    const key = str(p.ProductID) ?? name
    if (!key || seen.has(key)) continue
    seen.add(key)
    out.push({
      productId: str(p.ProductID),
      name,
      url: httpUrl(p.URL) ?? httpUrl(p.ProductURL),
      imageUrl: httpUrl(p.ImageURL),
      viewedAt: new Date(r.ts * 1000).toISOString(),
    })
    if (out.length >= limit) break
  }
  return out
}
