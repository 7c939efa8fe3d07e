// Predictive analytics conditions (the vendor's profile-predictive-analytics) → SQL over the
// Profile row `p`: the profile's ProfilePrediction row (lib/predictive writes it at each refit).
// A profile without a prediction (no orders, or an ineligible account) matches no condition.
import type { PredictiveCondition, PredictiveDimension } from './definition'
import { sql, raw, nowPlus, type Frag, type NowSeconds } from './sql-fragment'
import { endExclusive, startOf, unixSeconds } from './compile-values'

const COLUMNS: Record<PredictiveDimension, string> = {
  average_days_between_orders: 'pp."averageDaysBetweenOrders"',
  average_order_value: 'pp."averageOrderValue"',
  churn_probability: 'pp."churnProbability"',
  historic_clv: 'pp."historicClv"',
  historic_number_of_orders: 'pp."historicNumberOfOrders"',
  predicted_clv: 'pp."predictedClv"',
  predicted_number_of_orders: 'pp."predictedNumberOfOrders"',
  total_clv: 'pp."totalClv"',
  expected_date_of_next_order: 'pp."expectedDateOfNextOrder"',
}

function test(c: PredictiveCondition, now: NowSeconds, timeZone: string): Frag {
  const col = raw(COLUMNS[c.dimension])
  const v = c.value
  if (c.dimension === 'expected_date_of_next_order') {
    const d = unixSeconds({ kind: 'datetime', col })
    switch (c.operator) {
      case 'before':
        return sql`${d} < ${startOf(String(v), timeZone)}`
      case 'after':
        return sql`${d} >= ${endExclusive(String(v), timeZone)}`
      case 'between': {
        const [a, b] = (v as string[]).map(String) as [string, string]
        return sql`(${d} >= ${startOf(a, timeZone)} AND ${d} < ${endExclusive(b, timeZone)})`
      }
      case 'in_next_days':
        return sql`(${d} >= ${nowPlus(now, 0)} AND ${d} <= ${nowPlus(now, Number(v) * 86400)})`
    }
  } else {
    switch (c.operator) {
      case 'equals':
        return sql`${col} = ${v}`
      case 'not_equals':
        return sql`${col} <> ${v}`
      case 'greater_than':
        return sql`${col} > ${v}`
      case 'greater_or_equal':
        return sql`${col} >= ${v}`
      case 'less_than':
        return sql`${col} < ${v}`
      case 'less_or_equal':
        return sql`${col} <= ${v}`
    }
  }
  // The definition schema only lets valid dimension/operator pairs through.
  throw new Error(`Unsupported operator ${c.operator} for ${c.dimension}`)
}

export function compilePredictive(c: PredictiveCondition, now: NowSeconds, timeZone = 'UTC'): Frag {
  return sql`EXISTS (SELECT 1 FROM "ProfilePrediction" pp WHERE pp."profileId" = p."id" AND pp."companyId" = p."companyId" AND ${test(c, now, timeZone)})`
}
