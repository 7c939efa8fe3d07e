// The audience tab: how many profiles and customers, new profiles per month (12 months, UTC),
// engagement tiers, top countries, and the predicted CLV distribution when predictions exist.
import { sql } from 'kysely'
import { findOrderMetricId } from '@/lib/predictive/order-metric'
import { engagementTiers } from './engagement-tiers'
import { monthIndexOf, monthLabel, monthOfDate, num, rows } from './run-sql'

const CLV_BUCKETS = [0, 50, 100, 250, 500, 1000] as const

export async function getAudience(companyId: number, now = new Date()) {
  const nowSec = Math.floor(now.getTime() / 1000)
  const thisMonth = monthIndexOf(now)
  const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1))
  const orderMetric = await findOrderMetricId(companyId)
  const [totals, growth, countries, clv, tiers] = await Promise.all([
    rows(
      sql<{
        profiles: unknown
        customers: unknown
      }>`select (select count(*) from "Profile" where "companyId" = ${companyId}) as profiles,
        (select count(distinct "profileId") from "Event" where "companyId" = ${companyId}
          and "metricId" = ${orderMetric ?? ''}) as customers`,
    ),
    rows(
      sql<{ month: string; n: unknown }>`select ${monthOfDate(sql.ref('createdAt'))} as month, count(*) as n
        from "Profile" where "companyId" = ${companyId} and "createdAt" >= ${since} group by 1`,
    ),
    rows(
      sql<{ country: string; n: unknown }>`select country, count(*) as n from "Profile"
        where "companyId" = ${companyId} and country is not null and country <> ''
        group by country order by count(*) desc, country limit 10`,
    ),
    rows(
      sql<{ bucket: unknown; n: unknown }>`select case ${sql.join(
        CLV_BUCKETS.slice(1)
          .reverse()
          .map((b, i) => sql`when "predictedClv" >= ${b} then ${CLV_BUCKETS.length - 1 - i}`),
        sql` `,
      )} else 0 end as bucket, count(*) as n
        from "ProfilePrediction" where "companyId" = ${companyId} group by 1`,
    ),
    engagementTiers(companyId, nowSec),
  ])
  const months = Array.from({ length: 12 }, (_, i) => monthLabel(thisMonth - 11 + i))
  return {
    profiles: num(totals[0]?.profiles),
    customers: num(totals[0]?.customers),
    growth: months.map((month) => ({ month, profiles: num(growth.find((g) => g.month === month)?.n) })),
    engagement: tiers,
    countries: countries.map((c) => ({ country: c.country, profiles: num(c.n) })),
    predictedClv: clv.length
      ? CLV_BUCKETS.map((min, i) => ({
          min,
          max: CLV_BUCKETS[i + 1] ?? null,
          profiles: num(clv.find((c) => num(c.bucket) === i)?.n),
        }))
      : null,
  }
}
