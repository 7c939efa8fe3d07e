// The vendor's PredictiveAnalytics object of profiles (additional-fields[profile]=
// predictive_analytics on /api/profiles): one query for a page of profiles, scoped to the company.
// Profiles without a prediction (no orders, or the account is not eligible) get every field null.
import { kysely } from '@/lib/db/kysely'
import { read, select } from '@/lib/db/ops'
import { toDate } from '@/lib/db/dialect'

export interface PredictiveAnalytics {
  historic_clv: number | null
  predicted_clv: number | null
  total_clv: number | null
  historic_number_of_orders: number | null
  predicted_number_of_orders: number | null
  average_days_between_orders: number | null
  average_order_value: number | null
  churn_probability: number | null
  expected_date_of_next_order: string | null
  ranked_channel_affinity: string[] | null
}

export const EMPTY_PREDICTIVE_ANALYTICS: PredictiveAnalytics = {
  historic_clv: null,
  predicted_clv: null,
  total_clv: null,
  historic_number_of_orders: null,
  predicted_number_of_orders: null,
  average_days_between_orders: null,
  average_order_value: null,
  churn_probability: null,
  expected_date_of_next_order: null,
  ranked_channel_affinity: null,
}

const vendorDate = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, '+00:00')

export async function predictionsFor(
  companyId: number,
  profileIds: string[],
): Promise<Map<string, PredictiveAnalytics>> {
  const out = new Map<string, PredictiveAnalytics>()
  if (!profileIds.length) return out
  const rows = await read(
    select(
      kysely()
        .selectFrom('ProfilePrediction')
        .selectAll()
        .where('companyId', '=', companyId)
        .where('profileId', 'in', profileIds),
    ),
  )
  for (const r of rows) {
    const next = r.expectedDateOfNextOrder == null ? null : toDate(r.expectedDateOfNextOrder)
    out.set(r.profileId, {
      historic_clv: Number(r.historicClv),
      predicted_clv: Number(r.predictedClv),
      total_clv: Number(r.totalClv),
      historic_number_of_orders: Number(r.historicNumberOfOrders),
      predicted_number_of_orders: Number(r.predictedNumberOfOrders),
      average_days_between_orders: r.averageDaysBetweenOrders == null ? null : Number(r.averageDaysBetweenOrders),
      average_order_value: Number(r.averageOrderValue),
      churn_probability: Number(r.churnProbability),
      expected_date_of_next_order: next ? vendorDate(next) : null,
      ranked_channel_affinity: null,
    })
  }
  return out
}

/** The page's objects, or undefined when the caller did not ask for them. */
export async function predictiveAnalyticsFor(
  companyId: number,
  profileIds: string[],
  wanted: boolean,
): Promise<((id: string) => PredictiveAnalytics) | undefined> {
  if (!wanted) return undefined
  const map = await predictionsFor(companyId, profileIds)
  return (id) => map.get(id) ?? EMPTY_PREDICTIVE_ANALYTICS
}
