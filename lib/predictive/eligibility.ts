// The vendor's eligibility rules for predictive analytics: enough customers, enough history,
// and some repeat buyers (BG/NBD learns the dropout process from customers who came back).
export const MIN_CUSTOMERS = 500
export const MIN_HISTORY_DAYS = 180
export const MIN_THREE_ORDER_CUSTOMERS = 10

export type EligibilityCode = 'no_order_metric' | 'too_few_customers' | 'too_short_history' | 'too_few_repeat_buyers'

export interface EligibilityProblem {
  code: EligibilityCode
  required: number
  actual: number
}

export interface EligibilityInput {
  hasOrderMetric: boolean
  customers: number
  historyDays: number
  threeOrderCustomers: number
}

export function eligibilityProblems(input: EligibilityInput): EligibilityProblem[] {
  if (!input.hasOrderMetric) return [{ code: 'no_order_metric', required: 1, actual: 0 }]
  const problems: EligibilityProblem[] = []
  if (input.customers < MIN_CUSTOMERS)
    problems.push({ code: 'too_few_customers', required: MIN_CUSTOMERS, actual: input.customers })
  if (input.historyDays < MIN_HISTORY_DAYS)
    problems.push({ code: 'too_short_history', required: MIN_HISTORY_DAYS, actual: Math.floor(input.historyDays) })
  if (input.threeOrderCustomers < MIN_THREE_ORDER_CUSTOMERS)
    problems.push({
      code: 'too_few_repeat_buyers',
      required: MIN_THREE_ORDER_CUSTOMERS,
      actual: input.threeOrderCustomers,
    })
  return problems
}
