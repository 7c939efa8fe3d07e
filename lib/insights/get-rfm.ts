// The RFM tab: group sizes and revenue as of a date and, with a comparison date, the movement
// matrix (group at the comparison date → group at the date; customers who had not ordered yet
// come from "new").
import { sql } from 'kysely'
import { findOrderMetricId } from '@/lib/predictive/order-metric'
import { endOfDay, RFM_GROUPS, today, type RfmGroup } from './inputs'
import { rfmScoresSql } from './rfm-scores'
import { num, rows } from './run-sql'

export interface RfmGroupSummary {
  group: RfmGroup
  customers: number
  revenue: number
  avgOrders: number
  avgDaysSinceOrder: number
}

export interface RfmResult {
  date: string
  compare: string | null
  metricId: string | null
  customers: number
  groups: RfmGroupSummary[]
  /** movement[from][to] = customers; from includes "new". */
  movement: Record<string, Record<string, number>> | null
}

export async function groupSizes(companyId: number, metricId: string, asOfSec: number) {
  const found = await rows(
    sql<{ grp: string; n: unknown; revenue: unknown; orders: unknown; age: unknown }>`
      select grp, count(*) as n, sum(revenue) as revenue, avg(orders) as orders, avg(${asOfSec} - "lastTs") as age
      from ${rfmScoresSql(companyId, metricId, asOfSec)} x group by grp`,
  )
  const by = new Map(found.map((r) => [r.grp, r]))
  return RFM_GROUPS.map((group) => {
    const r = by.get(group)
    return {
      group,
      customers: num(r?.n),
      revenue: Math.round(num(r?.revenue) * 100) / 100,
      avgOrders: Math.round(num(r?.orders) * 10) / 10,
      avgDaysSinceOrder: Math.round(num(r?.age) / 86_400),
    }
  })
}

async function movement(companyId: number, metricId: string, fromSec: number, toSec: number) {
  const found = await rows(
    sql<{ fromGrp: string | null; toGrp: string; n: unknown }>`
      select a.grp as "fromGrp", b.grp as "toGrp", count(*) as n
      from ${rfmScoresSql(companyId, metricId, toSec)} b
      left join ${rfmScoresSql(companyId, metricId, fromSec)} a on a."profileId" = b."profileId"
      group by a.grp, b.grp`,
  )
  const out: Record<string, Record<string, number>> = {}
  for (const from of ['new', ...RFM_GROUPS]) out[from] = Object.fromEntries(RFM_GROUPS.map((g) => [g, 0]))
  for (const r of found) out[r.fromGrp ?? 'new']![r.toGrp] = num(r.n)
  return out
}

export async function getRfm(
  companyId: number,
  q: { date?: string; compare?: string },
  now = new Date(),
): Promise<RfmResult> {
  const date = q.date ?? today(now)
  const metricId = await findOrderMetricId(companyId)
  if (!metricId) return { date, compare: q.compare ?? null, metricId: null, customers: 0, groups: [], movement: null }
  const groups = await groupSizes(companyId, metricId, endOfDay(date))
  return {
    date,
    compare: q.compare ?? null,
    metricId,
    customers: groups.reduce((n, g) => n + g.customers, 0),
    groups,
    movement: q.compare ? await movement(companyId, metricId, endOfDay(q.compare), endOfDay(date)) : null,
  }
}
