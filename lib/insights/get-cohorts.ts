// First-event cohorts by month (UTC): for each month in which customers first did the metric
// (Placed Order unless another metric is given), the cohort's size, how many of them did it
// again k months later (retention), their revenue per month, and the share who did it twice or
// more (repeat purchase rate). The first event is the first ever, not the first in the window.
import { sql } from 'kysely'
import { kysely } from '@/lib/db/kysely'
import { read, selectFirst } from '@/lib/db/ops'
import { notFound } from '@/lib/errors/app-error'
import { findOrderMetricId } from '@/lib/predictive/order-metric'
import { endOfDay, today, type CohortDefinition } from './inputs'
import { monthIndex, monthIndexOf, monthLabel, num, rows } from './run-sql'

export interface CohortRow {
  month: string
  customers: number
  repeatRate: number
  revenue: number
  /** cells[k]: customers active k months after their first month (cells[0] = customers). */
  cells: Array<{ customers: number; retention: number; revenue: number }>
}

export interface CohortResult {
  metric: { id: string; name: string } | null
  months: number
  end: string
  cohorts: CohortRow[]
}

async function metricOf(companyId: number, metricId: string | undefined) {
  const id = metricId ?? (await findOrderMetricId(companyId))
  if (!id) return null
  const m = await read(
    selectFirst(
      kysely().selectFrom('Metric').select(['id', 'name']).where('companyId', '=', companyId).where('id', '=', id),
    ),
  )
  if (!m && metricId) throw notFound('Metric not found.')
  return m ?? null
}

export async function getCohorts(companyId: number, def: CohortDefinition, now = new Date()): Promise<CohortResult> {
  const end = def.end ?? today(now)
  const months = def.months
  const metric = await metricOf(companyId, def.metricId)
  if (!metric) return { metric: null, months, end, cohorts: [] }
  const endSec = endOfDay(end)
  const last = monthIndexOf(new Date(endSec * 1000))
  const first = last - months + 1
  const mi = monthIndex(sql.ref('ts'))
  const base = sql`(select "profileId", ${mi} as mi, value from "Event"
    where "companyId" = ${companyId} and "metricId" = ${metric.id} and ts <= ${endSec})`
  const starts = sql`(select "profileId", min(mi) as c, count(*) as n from ${base} b group by "profileId")`
  const [cells, sizes] = await Promise.all([
    rows(
      sql<{ c: unknown; k: unknown; customers: unknown; revenue: unknown }>`
        select s.c as c, e.mi - s.c as k, count(distinct e."profileId") as customers, coalesce(sum(e.value), 0) as revenue
        from ${base} e join ${starts} s on s."profileId" = e."profileId"
        where s.c >= ${first} group by s.c, e.mi - s.c`,
    ),
    rows(
      sql<{ c: unknown; customers: unknown; repeaters: unknown }>`
        select c, count(*) as customers, sum(case when n >= 2 then 1 else 0 end) as repeaters
        from ${starts} s where c >= ${first} group by c`,
    ),
  ])
  const cohorts: CohortRow[] = []
  for (let c = first; c <= last; c++) {
    const size = sizes.find((s) => num(s.c) === c)
    const customers = num(size?.customers)
    const row: CohortRow = {
      month: monthLabel(c),
      customers,
      repeatRate: customers ? num(size?.repeaters) / customers : 0,
      revenue: 0,
      cells: [],
    }
    for (let k = 0; k <= last - c; k++) {
      const cell = cells.find((x) => num(x.c) === c && num(x.k) === k)
      const n = num(cell?.customers)
      const revenue = Math.round(num(cell?.revenue) * 100) / 100
      row.revenue += revenue
      row.cells.push({ customers: n, retention: customers ? n / customers : 0, revenue })
    }
    row.revenue = Math.round(row.revenue * 100) / 100
    cohorts.push(row)
  }
  return { metric, months, end, cohorts }
}
