// The 31 statistics of the reporting API (parity brief, Reporting) computed from raw counts.
// Rates are fractions in [0, 1]; bot (machine) opens and clicks are excluded upstream.
export const STATISTICS = [
  'average_order_value',
  'bounce_rate',
  'bounced',
  'bounced_or_failed',
  'bounced_or_failed_rate',
  'click_rate',
  'click_to_open_rate',
  'clicks',
  'clicks_unique',
  'conversion_rate',
  'conversion_uniques',
  'conversion_value',
  'conversions',
  'delivered',
  'delivery_rate',
  'failed',
  'failed_rate',
  'message_segment_count_sum',
  'open_rate',
  'opens',
  'opens_unique',
  'recipients',
  'revenue_per_recipient',
  'spam_complaint_rate',
  'spam_complaints',
  'text_message_credit_usage_amount',
  'text_message_roi',
  'text_message_spend',
  'unsubscribe_rate',
  'unsubscribe_uniques',
  'unsubscribes',
] as const
export type Statistic = (typeof STATISTICS)[number]

/** Raw counts of one group (a campaign message, a flow message, …). */
export interface RawCounts {
  recipients: number
  delivered: number
  bounced: number
  failed: number
  opens: number
  opensUnique: number
  clicks: number
  clicksUnique: number
  spam: number
  unsubscribes: number
  unsubscribeUniques: number
  conversions: number
  conversionUniques: number
  conversionValue: number
  /** SMS segments and spend where known (else 0). */
  segments: number
  spend: number
  credits: number
}

export const emptyCounts = (): RawCounts => ({
  recipients: 0,
  delivered: 0,
  bounced: 0,
  failed: 0,
  opens: 0,
  opensUnique: 0,
  clicks: 0,
  clicksUnique: 0,
  spam: 0,
  unsubscribes: 0,
  unsubscribeUniques: 0,
  conversions: 0,
  conversionUniques: 0,
  conversionValue: 0,
  segments: 0,
  spend: 0,
  credits: 0,
})

const ratio = (n: number, of: number) => (of > 0 ? Math.min(1, n / of) : 0)
const money = (n: number) => Math.round(n * 100) / 100

export function computeStatistics(c: RawCounts): Record<Statistic, number> {
  return {
    recipients: c.recipients,
    delivered: c.delivered,
    delivery_rate: ratio(c.delivered, c.recipients),
    bounced: c.bounced,
    bounce_rate: ratio(c.bounced, c.recipients),
    failed: c.failed,
    failed_rate: ratio(c.failed, c.recipients),
    bounced_or_failed: c.bounced + c.failed,
    bounced_or_failed_rate: ratio(c.bounced + c.failed, c.recipients),
    opens: c.opens,
    opens_unique: c.opensUnique,
    open_rate: ratio(c.opensUnique, c.delivered),
    clicks: c.clicks,
    clicks_unique: c.clicksUnique,
    click_rate: ratio(c.clicksUnique, c.delivered),
    click_to_open_rate: ratio(c.clicksUnique, c.opensUnique),
    spam_complaints: c.spam,
    spam_complaint_rate: ratio(c.spam, c.delivered),
    unsubscribes: c.unsubscribes,
    unsubscribe_uniques: c.unsubscribeUniques,
    unsubscribe_rate: ratio(c.unsubscribeUniques, c.delivered),
    conversions: c.conversions,
    conversion_uniques: c.conversionUniques,
    conversion_value: money(c.conversionValue),
    conversion_rate: ratio(c.conversionUniques, c.recipients),
    revenue_per_recipient: c.recipients ? money(c.conversionValue / c.recipients) : 0,
    average_order_value: c.conversions ? money(c.conversionValue / c.conversions) : 0,
    message_segment_count_sum: c.segments,
    text_message_spend: money(c.spend),
    text_message_credit_usage_amount: c.credits,
    text_message_roi: c.spend > 0 ? money(c.conversionValue / c.spend) : 0,
  }
}

export function pick(
  stats: Record<Statistic, number>,
  names: readonly Statistic[],
): Partial<Record<Statistic, number>> {
  const out: Partial<Record<Statistic, number>> = {}
  for (const n of names) out[n] = stats[n]
  return out
}
