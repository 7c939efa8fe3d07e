// Simulated store activity: visits (Active on Site), product views, carts, checkouts, orders
// with their line items, and fulfilments, following each customer's traits and the calendar.
import { DISCOUNT_CODES, PRODUCTS, PRODUCTS_BY_CATEGORY, type Product } from './catalog'
import { DAY_MS, type SeedDay } from './calendar'
import { localMoment, type Customer } from './make-customers'
import type { Rng } from './prng'

export const METRICS = [
  { key: 'active', name: 'Active on Site', integration: 'api' },
  { key: 'viewed', name: 'Viewed Product', integration: 'api' },
  { key: 'cart', name: 'Added to Cart', integration: 'api' },
  { key: 'checkout', name: 'Started Checkout', integration: 'shopify' },
  { key: 'order', name: 'Placed Order', integration: 'shopify' },
  { key: 'product', name: 'Ordered Product', integration: 'shopify' },
  { key: 'fulfilled', name: 'Fulfilled Order', integration: 'shopify' },
] as const
export type MetricKey = (typeof METRICS)[number]['key']
const M: Record<MetricKey, number> = Object.fromEntries(METRICS.map((m, i) => [m.key, i])) as Record<MetricKey, number>

export interface OrderLine {
  product: Product
  quantity: number
}
export interface Order {
  /** Assigned in time order once all events are known (#1001, #1002 …). */
  number: number
  lines: OrderLine[]
  subtotal: number
  discountCode: string | null
  discount: number
  shipping: number
  total: number
  carrier: string
}

export interface SimEvent {
  ts: number
  seq: number
  metric: number
  customer: number
  value: number | null
  uniqueId: string | null
  /** JSON text, or null for order events whose properties need the order number. */
  props: string | null
  order: Order | null
  line: number
}

export interface SimulationResult {
  events: SimEvent[]
  orders: Order[]
}

const BROWSERS = [
  { v: 'Chrome', weight: 46 },
  { v: 'Safari', weight: 38 },
  { v: 'Firefox', weight: 5 },
  { v: 'Edge', weight: 6 },
  { v: 'Samsung Internet', weight: 5 },
]
const OSES = [
  { v: 'iOS', weight: 40 },
  { v: 'Android', weight: 24 },
  { v: 'Windows', weight: 18 },
  { v: 'macOS', weight: 16 },
  { v: 'Linux', weight: 2 },
]
const SOURCES = [
  { v: 'direct', weight: 30 },
  { v: 'google', weight: 28 },
  { v: 'email', weight: 16 },
  { v: 'instagram', weight: 12 },
  { v: 'facebook', weight: 7 },
  { v: 'sms', weight: 4 },
  { v: 'tiktok', weight: 3 },
]
const PAGES = [
  '/',
  '/collections/new-arrivals',
  '/collections/best-sellers',
  '/collections/sale',
  '/pages/about',
  '/blogs/journal',
]
const CARRIERS = [
  { v: 'UPS', weight: 4 },
  { v: 'USPS', weight: 4 },
  { v: 'FedEx', weight: 2 },
  { v: 'DHL Express', weight: 1 },
]

const round2 = (n: number) => Math.round(n * 100) / 100

export interface SimulateOptions {
  days: SeedDay[]
  nowMs: number
  storeUrl: string
}

export function simulateActivity(seedRng: Rng, customers: Customer[], opts: SimulateOptions): SimulationResult {
  const { days, nowMs, storeUrl } = opts
  const nowSec = Math.floor(nowMs / 1000)
  const events: SimEvent[] = []
  const orders: Order[] = []
  let seq = 0
  const productItem = (p: Product, quantity: number) => ({
    ProductID: p.id,
    SKU: p.sku,
    ProductName: p.name,
    Quantity: quantity,
    ItemPrice: p.price,
    RowTotal: round2(p.price * quantity),
    ProductURL: `${storeUrl}/products/${p.slug}`,
    ImageURL: `${storeUrl}/cdn/images/${p.slug}.jpg`,
    ProductCategories: [p.category],
    Brand: p.brand,
  })

  for (const c of customers) {
    if (c.engagement <= 0) continue
    // One stream per customer: a different `now` changes only the tail of each history.
    const rng = seedRng.fork(`c${c.idx}`)
    const firstDay = Math.floor(c.createdMs / DAY_MS) - Math.floor(days[0]!.startMs / DAY_MS)
    let lastMs = 0
    // Browsing events carry no unique_id (as most storefront scripts send them, and as
    // ingestion stores them); order events get theirs (the order id) in finishOrderEvents.
    const add = (
      metric: number,
      ms: number,
      value: number | null,
      props: unknown,
      order: Order | null = null,
      line = 0,
    ) => {
      const ts = Math.floor(ms / 1000)
      if (ts > nowSec) return false
      events.push({
        ts,
        seq: seq++,
        metric,
        customer: c.idx,
        value,
        uniqueId: null,
        props: props === null ? null : JSON.stringify(props),
        order,
        line,
      })
      lastMs = Math.max(lastMs, ts * 1000)
      return true
    }
    const favourites = PRODUCTS_BY_CATEGORY.get(c.favoriteCategory)!
    let isFirstOrder = true

    for (let d = Math.max(0, firstDay); d < days.length; d++) {
      const day = days[d]!
      const age = d - firstDay
      let mean = c.engagement * day.traffic * (0.35 + 0.65 * Math.exp(-age / 45))
      if (c.churnAfterDays !== null && age > c.churnAfterDays) mean *= 0.08
      let sessions = rng.poisson(mean)
      const first = age === 0
      if (first) sessions = Math.max(1, sessions)

      for (let s = 0; s < sessions; s++) {
        let t = first && s === 0 ? c.createdMs : localMoment(rng, day, c.utcOffset)
        if (t < c.createdMs || t > nowMs) continue
        const forceOrder = first && s === 0 && c.signedUpAtCheckout
        add(M.active, t, null, {
          page: storeUrl + rng.pick(PAGES),
          browser: rng.weighted(BROWSERS).v,
          os: rng.weighted(OSES).v,
          traffic_source: rng.weighted(SOURCES).v,
        })

        const views = forceOrder ? rng.int(1, 3) : rng.chance(0.24) ? 0 : Math.min(6, 1 + rng.poisson(0.9))
        const viewed: Product[] = []
        for (let v = 0; v < views; v++) {
          const p = rng.chance(0.62) ? rng.weighted(favourites) : rng.weighted(PRODUCTS)
          t += rng.int(15, 150) * 1000
          viewed.push(p)
          add(M.viewed, t, p.price, {
            ProductName: p.name,
            ProductID: p.id,
            SKU: p.sku,
            Categories: [p.category],
            Brand: p.brand,
            Price: p.price,
            URL: `${storeUrl}/products/${p.slug}`,
            ImageURL: `${storeUrl}/cdn/images/${p.slug}.jpg`,
          })
        }
        if (!viewed.length) continue
        if (!forceOrder && !rng.chance(Math.min(0.75, 0.2 * c.propensity * day.conversion))) continue

        const lines: OrderLine[] = []
        const added = viewed[viewed.length - 1]!
        lines.push({ product: added, quantity: rng.chance(0.86) ? 1 : 2 })
        for (const p of viewed.slice(0, -1))
          if (rng.chance(0.3) && !lines.some((l) => l.product === p)) lines.push({ product: p, quantity: 1 })
        const subtotal = round2(lines.reduce((sum, l) => sum + l.product.price * l.quantity, 0))
        const items = lines.map((l) => productItem(l.product, l.quantity))
        const itemNames = lines.map((l) => l.product.name)
        const categories = [...new Set(lines.map((l) => l.product.category))]
        const checkoutUrl = `${storeUrl}/checkouts/${c.idx.toString(36)}${seq.toString(36)}`
        t += rng.int(20, 120) * 1000
        add(M.cart, t, subtotal, {
          AddedItemProductName: added.name,
          AddedItemProductID: added.id,
          AddedItemSKU: added.sku,
          AddedItemCategories: [added.category],
          AddedItemPrice: added.price,
          AddedItemQuantity: lines[0]!.quantity,
          AddedItemURL: `${storeUrl}/products/${added.slug}`,
          ItemNames: itemNames,
          Items: items,
          CheckoutURL: checkoutUrl,
        })
        if (!forceOrder && !rng.chance(Math.min(0.9, 0.5 * day.conversion))) continue
        t += rng.int(60, 420) * 1000
        add(M.checkout, t, subtotal, {
          CheckoutURL: checkoutUrl,
          ItemNames: itemNames,
          Categories: categories,
          Items: items,
          ItemCount: lines.reduce((n, l) => n + l.quantity, 0),
        })
        if (!forceOrder && !rng.chance(Math.min(0.92, 0.6 * (0.75 + 0.25 * day.conversion)))) continue

        let discountCode: string | null = null,
          rate = 0
        if (day.promo === 'holiday' && rng.chance(0.65)) {
          discountCode = DISCOUNT_CODES.holiday
          rate = 0.25
        } else if (isFirstOrder && c.email_.source.startsWith('Welcome') && rng.chance(0.7)) {
          discountCode = DISCOUNT_CODES.welcome
          rate = 0.1
        } else if (day.promo === 'summer' && rng.chance(0.3)) {
          discountCode = DISCOUNT_CODES.summer
          rate = 0.15
        } else if (c.orders >= 3 && rng.chance(0.25)) {
          discountCode = DISCOUNT_CODES.vip
          rate = 0.2
        } else if (rng.chance(0.04)) discountCode = DISCOUNT_CODES.free
        const discount = round2(subtotal * rate)
        const shipping = subtotal - discount >= 75 || discountCode === DISCOUNT_CODES.free ? 0 : 6.95
        const order: Order = {
          number: 0,
          lines,
          subtotal,
          discountCode,
          discount,
          shipping,
          total: round2(subtotal - discount + shipping),
          carrier: rng.weighted(CARRIERS).v,
        }
        t += rng.int(90, 600) * 1000
        if (!add(M.order, t, order.total, null, order)) continue
        orders.push(order)
        isFirstOrder = false
        c.orders++
        c.spent = round2(c.spent + order.total)
        c.updatedMs = Math.max(c.updatedMs, t)
        lines.forEach((l, i) => add(M.product, t, round2(l.product.price * l.quantity), null, order, i))
        if (rng.chance(0.94)) add(M.fulfilled, t + rng.int(20, 54) * 3_600_000, order.total, null, order)
      }
    }
    if (lastMs) c.lastEventMs = lastMs
  }
  return { events, orders }
}

/** Order ids and names in time order, then the order events' properties and unique ids. */
export function finishOrderEvents(events: SimEvent[], storeUrl: string): void {
  let n = 0
  for (const e of events) if (e.metric === M.order && e.order) e.order.number = 1001 + n++
  for (const e of events) {
    const o = e.order
    if (!o) continue
    const orderId = String(5400000000000 + o.number * 131)
    const name = '#' + o.number
    const lines = o.lines
    const items = lines.map((l) => ({
      ProductID: l.product.id,
      SKU: l.product.sku,
      ProductName: l.product.name,
      Quantity: l.quantity,
      ItemPrice: l.product.price,
      RowTotal: round2(l.product.price * l.quantity),
      ProductURL: `${storeUrl}/products/${l.product.slug}`,
      ProductCategories: [l.product.category],
      Brand: l.product.brand,
    }))
    const itemNames = lines.map((l) => l.product.name)
    const itemCount = lines.reduce((s, l) => s + l.quantity, 0)
    if (e.metric === M.order) {
      e.uniqueId = orderId
      e.props = JSON.stringify({
        OrderId: orderId,
        OrderName: name,
        ItemNames: itemNames,
        Categories: [...new Set(lines.map((l) => l.product.category))],
        Brands: [...new Set(lines.map((l) => l.product.brand))],
        ItemCount: itemCount,
        Items: items,
        Subtotal: o.subtotal,
        Shipping: o.shipping,
        ...(o.discountCode ? { DiscountCode: o.discountCode, DiscountValue: o.discount } : {}),
        SourceName: 'web',
      })
    } else if (e.metric === M.product) {
      const l = lines[e.line]!
      e.uniqueId = `${orderId}-${e.line + 1}`
      e.props = JSON.stringify({
        OrderId: orderId,
        OrderName: name,
        ProductName: l.product.name,
        ProductID: l.product.id,
        SKU: l.product.sku,
        Categories: [l.product.category],
        Brand: l.product.brand,
        Quantity: l.quantity,
        Price: l.product.price,
        ProductURL: `${storeUrl}/products/${l.product.slug}`,
      })
    } else {
      e.uniqueId = orderId
      e.props = JSON.stringify({
        OrderId: orderId,
        OrderName: name,
        ItemNames: itemNames,
        ItemCount: itemCount,
        FulfillmentStatus: 'fulfilled',
        TrackingCompany: o.carrier,
      })
    }
  }
}
