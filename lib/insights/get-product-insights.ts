// /catalog-insights/product: from the Ordered Product events (one per order line, as the
// vendor's integrations send them) in a timeframe: top products by revenue and by orders, the
// pairs bought in the same order, and per product the share of its customers who bought it in
// two or more orders (repeat rate).
import { sql } from 'kysely'
import { kysely } from '@/lib/db/kysely'
import { read, selectFirst } from '@/lib/db/ops'
import { jsonNumber, jsonText } from '@/lib/db/dialect'
import { endOfDay, startOfDay } from './inputs'
import { num, rows } from './run-sql'

export const LINE_METRIC = 'Ordered Product'

export interface ProductStat {
  productId: string
  name: string
  revenue: number
  orders: number
  quantity: number
  customers: number
  repeatRate: number
}

export interface ProductInsights {
  metricId: string | null
  topByRevenue: ProductStat[]
  topByOrders: ProductStat[]
  pairs: Array<{ a: { productId: string; name: string }; b: { productId: string; name: string }; orders: number }>
}

export async function getProductInsights(
  companyId: number,
  q: { start: string; end: string; limit: number },
): Promise<ProductInsights> {
  const metric = await read(
    selectFirst(
      kysely().selectFrom('Metric').select('id').where('companyId', '=', companyId).where('name', '=', LINE_METRIC),
    ),
  )
  if (!metric) return { metricId: null, topByRevenue: [], topByOrders: [], pairs: [] }
  const p = sql.ref('properties')
  const lines = sql`(select "profileId" as pid, ${jsonText(p, 'OrderId')} as oid, ${jsonText(p, 'ProductID')} as product,
      ${jsonText(p, 'ProductName')} as name, coalesce(${jsonNumber(p, 'Quantity')}, 1) as qty, coalesce(value, 0) as value
    from "Event" where "companyId" = ${companyId} and "metricId" = ${metric.id}
      and ts >= ${startOfDay(q.start)} and ts <= ${endOfDay(q.end)})`
  const stats = await rows(
    sql<Record<string, unknown>>`select product, max(name) as name, sum(value) as revenue, sum(qty) as quantity,
        count(*) as customers, sum(case when n >= 2 then 1 else 0 end) as repeaters
      from (select product, pid, max(name) as name, sum(value) as value, sum(qty) as qty, count(distinct oid) as n
        from ${lines} l where product is not null group by product, pid) pp
      group by product`,
  )
  const orderCounts = await rows(
    sql<{ product: string; orders: unknown }>`select product, count(distinct oid) as orders from ${lines} l
      where product is not null group by product`,
  )
  const orders = new Map(orderCounts.map((r) => [r.product, num(r.orders)]))
  const all: ProductStat[] = stats.map((r) => {
    const customers = num(r.customers)
    return {
      productId: String(r.product),
      name: r.name == null ? String(r.product) : String(r.name),
      revenue: Math.round(num(r.revenue) * 100) / 100,
      orders: orders.get(String(r.product)) ?? 0,
      quantity: num(r.quantity),
      customers,
      repeatRate: customers ? num(r.repeaters) / customers : 0,
    }
  })
  const pairRows = await rows(
    sql<Record<string, unknown>>`with l as materialized ${lines}
      select a.product as pa, max(a.name) as na, b.product as pb, max(b.name) as nb, count(distinct a.oid) as orders
      from l a join l b on a.oid = b.oid and a.product < b.product
      where a.oid is not null group by a.product, b.product
      order by count(distinct a.oid) desc, a.product, b.product limit ${q.limit}`,
  )
  const by = (k: 'revenue' | 'orders') => [...all].sort((x, y) => y[k] - x[k] || x.name.localeCompare(y.name))
  return {
    metricId: metric.id,
    topByRevenue: by('revenue').slice(0, q.limit),
    topByOrders: by('orders').slice(0, q.limit),
    pairs: pairRows.map((r) => ({
      a: { productId: String(r.pa), name: String(r.na ?? r.pa) },
      b: { productId: String(r.pb), name: String(r.nb ?? r.pb) },
      orders: num(r.orders),
    })),
  }
}
