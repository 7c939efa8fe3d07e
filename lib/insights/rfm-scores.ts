// RFM scores per customer as of a time, in one SQL statement on both engines (window functions).
// The score rules are in lib/insights/README.md; keep the two in step.
import { sql, type RawBuilder } from 'kysely'

export interface RfmRow {
  profileId: string
  r: number
  f: number
  m: number
  orders: number
  lastTs: number
  revenue: number
  grp: string
}

/**
 * Score = 1 + floor(5 × (rank − 1) / customers), rank() ascending: quintiles where tied
 * customers share the quintile the first of them falls in (NTILE would split a tie, e.g. the
 * many one-order customers, across scores at random).
 */
const quintile = (column: string) => sql`1 + (5 * (rank() over (order by ${sql.ref(column)}) - 1)) / count(*) over ()`

/** The group of a customer from its scores: the first rule that matches (README). */
const GROUP_CASE = sql`case
  when r >= 4 and f >= 4 and m >= 4 then 'champions'
  when r >= 3 and f >= 4 then 'loyal'
  when r = 1 and f >= 4 and m >= 4 then 'cant_lose'
  when r <= 2 and f >= 3 then 'at_risk'
  when r >= 3 and f = 3 then 'needs_attention'
  when r = 5 then 'recent'
  when r = 4 then 'promising'
  when r = 3 then 'needs_attention'
  when r = 2 then 'hibernating'
  else 'lost' end`

/** A subquery of RfmRow: every profile of the company with an order at or before asOfSec. */
export function rfmScoresSql(companyId: number, metricId: string, asOfSec: number): RawBuilder<RfmRow> {
  return sql<RfmRow>`(select "profileId", r, f, m, orders, "lastTs", revenue, ${GROUP_CASE} as grp from (
    select "profileId", orders, "lastTs", revenue,
      ${quintile('lastTs')} as r, ${quintile('orders')} as f, ${quintile('revenue')} as m
    from (
      select "profileId", count(*) as orders, max(ts) as "lastTs", coalesce(sum(value), 0) as revenue
      from "Event"
      where "companyId" = ${companyId} and "metricId" = ${metricId} and ts <= ${asOfSec}
      group by "profileId"
    ) c
  ) s)`
}
