// The purchase funnel within a timeframe. Counting rule (README): a profile enters at its first
// Active on Site event in the timeframe; it reaches step n when it did step n's metric at or
// after the time it reached step n − 1, before the end of the timeframe (so the steps happen
// in order, each counted once per profile). Split by a property of the entry event.
import { sql } from 'kysely'
import { kysely } from '@/lib/db/kysely'
import { read, select } from '@/lib/db/ops'
import { jsonText } from '@/lib/db/dialect'
import { endOfDay, startOfDay } from './inputs'
import { num, rows } from './run-sql'

/** The vendor's metric names; "Checkout Started" is the step, "Started Checkout" the metric. */
export const FUNNEL_STEPS = [
  'Active on Site',
  'Viewed Product',
  'Added to Cart',
  'Started Checkout',
  'Placed Order',
] as const

export interface FunnelResult {
  steps: Array<{ metric: string; metricId: string | null }>
  by: string | null
  total: number[]
  /** Conversion from the step before (1 for the first step). */
  conversion: number[]
  breakdown: Array<{ value: string | null; counts: number[] }>
}

const MAX_BREAKDOWN = 20

export async function getFunnel(
  companyId: number,
  q: { start: string; end: string; by?: string },
): Promise<FunnelResult> {
  const metrics = await read(
    select(
      kysely()
        .selectFrom('Metric')
        .select(['id', 'name'])
        .where('companyId', '=', companyId)
        .where('name', 'in', [...FUNNEL_STEPS]),
    ),
  )
  const ids = FUNNEL_STEPS.map((name) => metrics.find((m) => m.name === name)?.id ?? null)
  const from = startOfDay(q.start)
  const to = endOfDay(q.end)
  const src = q.by ? jsonText(sql.ref('properties'), q.by) : sql`null`
  // A missing metric keeps its step (and every later one) at zero: no event has metric id ''.
  const id = (i: number) => ids[i] ?? ''
  let steps = sql`s1 as (select "profileId", t, src from (
      select "profileId", ts as t, ${src} as src, row_number() over (partition by "profileId" order by ts, id) as rn
      from "Event" where "companyId" = ${companyId} and "metricId" = ${id(0)} and ts >= ${from} and ts <= ${to}
    ) x where rn = 1)`
  // Each step walks the previous step's profiles and looks their events up by the (profileId,
  // metricId, ts) index. SQLite otherwise scanned the company's events of the metric once per
  // profile through (companyId, metricId, ts): minutes on the demo's year. The CROSS JOIN keeps
  // the profiles outside and the unary + on companyId (redundant: a profile has one company)
  // takes that index out of the choice; PostgreSQL plans it as an ordinary join.
  for (let i = 1; i < FUNNEL_STEPS.length; i++) {
    const prev = sql.raw(`s${i}`)
    steps = sql`${steps}, ${sql.raw(`s${i + 1}`)} as (
      select e."profileId", min(e.ts) as t from ${prev} p cross join "Event" e
      where e."profileId" = p."profileId" and +e."companyId" = ${companyId} and e."metricId" = ${id(i)}
        and e.ts >= p.t and e.ts <= ${to}
      group by e."profileId")`
  }
  const found = await rows(
    sql<Record<string, unknown>>`with ${steps}
      select s1.src as src, count(*) as n1, count(s2."profileId") as n2, count(s3."profileId") as n3,
        count(s4."profileId") as n4, count(s5."profileId") as n5
      from s1 left join s2 on s2."profileId" = s1."profileId" left join s3 on s3."profileId" = s1."profileId"
        left join s4 on s4."profileId" = s1."profileId" left join s5 on s5."profileId" = s1."profileId"
      group by s1.src`,
  )
  const counts = (r: Record<string, unknown>) => [1, 2, 3, 4, 5].map((i) => num(r[`n${i}`]))
  const total = [0, 0, 0, 0, 0]
  const breakdown = found.map((r) => ({ value: r.src == null ? null : String(r.src), counts: counts(r) }))
  for (const b of breakdown) b.counts.forEach((n, i) => (total[i]! += n))
  breakdown.sort((a, b) => b.counts[0]! - a.counts[0]! || String(a.value).localeCompare(String(b.value)))
  return {
    steps: FUNNEL_STEPS.map((metric, i) => ({ metric, metricId: ids[i] })),
    by: q.by ?? null,
    total,
    conversion: total.map((n, i) => (i === 0 ? (n ? 1 : 0) : total[i - 1] ? n / total[i - 1]! : 0)),
    breakdown: q.by ? breakdown.slice(0, MAX_BREAKDOWN) : [],
  }
}
