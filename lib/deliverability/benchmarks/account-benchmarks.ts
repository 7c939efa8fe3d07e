// The benchmarks page: the account's rates for the last 30 days against the 30 before and the
// last 365 days, and, for campaigns, the shipped industry reference ranges (reference-ranges.ts).
import { accountRates, type BenchmarkSource } from './account-rates'
import { CAMPAIGN_REFERENCE_RANGES, REFERENCE_SOURCES } from './reference-ranges'

const DAY = 86_400_000

export async function accountBenchmarks(companyId: number, source: BenchmarkSource, now: Date) {
  const end = new Date(Math.floor(now.getTime() / DAY) * DAY + DAY)
  const back = (days: number) => new Date(end.getTime() - days * DAY)
  const [last30, previous30, last365] = await Promise.all([
    accountRates(companyId, source, back(30), end),
    accountRates(companyId, source, back(60), back(30)),
    accountRates(companyId, source, back(365), end),
  ])
  return {
    source,
    periods: { last30, previous30, last365 },
    reference: source === 'campaigns' ? CAMPAIGN_REFERENCE_RANGES : [],
    sources: source === 'campaigns' ? REFERENCE_SOURCES : {},
  }
}
