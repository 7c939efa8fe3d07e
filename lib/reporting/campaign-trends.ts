// /campaigns/trends: the campaigns sent in the last 30, 90 or 365 days, each with its recipients,
// open, click and placed-order rates and revenue per recipient (people only: machine opens and
// clicks left out; revenue = attributed conversions), oldest first, and the recipient-weighted
// averages the merchant compares each campaign against.
import { kysely } from '@/lib/db/kysely'
import { read, select } from '@/lib/db/ops'
import { campaignMessageCounts, sumCounts } from './campaign-values'
import { computeStatistics, type RawCounts } from './statistics'

export interface TrendRow {
  id: string
  name: string
  channel: string
  sentAt: string
  recipients: number
  openRate: number
  clickRate: number
  conversionRate: number
  revenuePerRecipient: number
  revenue: number
}

export interface CampaignTrends {
  days: number
  channel: string | null
  campaigns: TrendRow[]
  average: Omit<TrendRow, 'id' | 'name' | 'channel' | 'sentAt'>
}

const figures = (c: RawCounts) => {
  const s = computeStatistics(c)
  return {
    recipients: s.recipients,
    openRate: s.open_rate,
    clickRate: s.click_rate,
    conversionRate: s.conversion_rate,
    revenuePerRecipient: s.revenue_per_recipient,
    revenue: s.conversion_value,
  }
}

export async function getCampaignTrends(
  companyId: number,
  opts: { days?: number; channel?: string | null; now?: Date } = {},
): Promise<CampaignTrends> {
  const days = [30, 90, 365].includes(Number(opts.days)) ? Number(opts.days) : 90
  const channel =
    opts.channel === 'email' || opts.channel === 'sms' || opts.channel === 'mobile_push' ? opts.channel : null
  const since = new Date((opts.now ?? new Date()).getTime() - days * 86_400_000)
  let q = kysely()
    .selectFrom('Campaign')
    .select(['id', 'name', 'channel', 'sentAt'])
    .where('companyId', '=', companyId)
    .where('sentAt', 'is not', null)
    .where('sentAt', '>=', since)
  if (channel) q = q.where('channel', '=', channel)
  const campaigns = await read(select(q.orderBy('sentAt', 'asc').limit(500)))
  if (!campaigns.length) return { days, channel, campaigns: [], average: figures(sumCounts([])) }
  const rows = await campaignMessageCounts(companyId, null, { campaignIds: campaigns.map((c) => c.id) })
  const byCampaign = new Map<string, RawCounts[]>()
  for (const r of rows) byCampaign.set(r.campaignId, [...(byCampaign.get(r.campaignId) ?? []), r.counts])
  const out: TrendRow[] = campaigns.map((c) => ({
    id: c.id,
    name: c.name,
    channel: c.channel,
    sentAt: (c.sentAt instanceof Date ? c.sentAt : new Date(c.sentAt as unknown as string)).toISOString(),
    ...figures(sumCounts(byCampaign.get(c.id) ?? [])),
  }))
  return { days, channel, campaigns: out, average: figures(sumCounts(rows.map((r) => r.counts))) }
}
