// Campaign figures, set-based on both databases: per campaign message, over a time range, the
// raw counts the 31 statistics come from. Four grouped queries whatever the number of
// campaigns: Sends by (message, status), message events by (metric, message) from MessageEventIndex
// with machine opens/clicks left out, EventAttribution by message; plus the messages themselves.
import { sql } from 'kysely'
import { kysely } from '@/lib/db/kysely'
import { read, select } from '@/lib/db/ops'
import { MESSAGE_METRICS } from '@/lib/messaging/message-events'
import { computeStatistics, emptyCounts, type RawCounts, type Statistic } from './statistics'
import type { Range } from './timeframe'

export const CAMPAIGN_SEND_SOURCE = 'campaign_message'

type Kind = 'open' | 'click' | 'spam' | 'unsubscribe'
const EVENT_KINDS: Record<string, Kind> = {
  [MESSAGE_METRICS.email.opened]: 'open',
  [MESSAGE_METRICS.push.opened]: 'open',
  [MESSAGE_METRICS.email.clicked]: 'click',
  [MESSAGE_METRICS.sms.clicked]: 'click',
  [MESSAGE_METRICS.whatsapp.clicked]: 'click',
  [MESSAGE_METRICS.email.spam]: 'spam',
  [MESSAGE_METRICS.email.unsubscribed]: 'unsubscribe',
  [MESSAGE_METRICS.sms.unsubscribed]: 'unsubscribe',
  [MESSAGE_METRICS.whatsapp.unsubscribed]: 'unsubscribe',
}

export interface MessageRow {
  campaignId: string
  campaignName: string
  messageId: string
  messageName: string
  channel: string
  counts: RawCounts
}

export interface CampaignFilter {
  campaignIds?: string[]
  messageIds?: string[]
  channels?: string[]
}

/** The vendor's send_channel for our channels. */
export const sendChannel = (c: string) => (c === 'push' || c === 'mobile_push' ? 'push-notification' : c)

export async function campaignMessageCounts(
  companyId: number,
  range: Range | null,
  f: CampaignFilter = {},
): Promise<MessageRow[]> {
  let mq = kysely()
    .selectFrom('CampaignMessage as m')
    .innerJoin('Campaign as c', (j) => j.onRef('c.id', '=', 'm.campaignId').on('c.companyId', '=', companyId))
    .select(['m.id', 'm.campaignId', 'm.channel', 'm.label', 'c.name'])
    .where('m.companyId', '=', companyId)
  if (f.campaignIds) mq = mq.where('m.campaignId', 'in', f.campaignIds.length ? f.campaignIds : [''])
  if (f.messageIds) mq = mq.where('m.id', 'in', f.messageIds.length ? f.messageIds : [''])
  const messages = (await read(select(mq))).filter((m) => !f.channels || f.channels.includes(sendChannel(m.channel)))
  if (!messages.length) return []
  const rows = new Map<string, MessageRow>(
    messages.map((m) => [
      m.id,
      {
        campaignId: m.campaignId,
        campaignName: m.name,
        messageId: m.id,
        messageName: m.label || m.name,
        channel: m.channel,
        counts: emptyCounts(),
      },
    ]),
  )
  const ids = [...rows.keys()]
  const from = range ? Math.floor(range.start.getTime() / 1000) : null
  const to = range ? Math.floor(range.end.getTime() / 1000) : null

  // Sends by message and status (those a campaign released in the range).
  let sq = kysely()
    .selectFrom('Send')
    .select(['sourceId', 'status', sql<number>`count(*)`.as('n')])
    .where('companyId', '=', companyId)
    .where('sourceType', '=', CAMPAIGN_SEND_SOURCE)
    .where('sourceId', 'in', ids)
  if (range) sq = sq.where('createdAt', '>=', range.start).where('createdAt', '<', range.end)
  for (const r of await read(select(sq.groupBy(['sourceId', 'status'])))) {
    const c = rows.get(r.sourceId)!.counts
    const n = Number(r.n)
    if (['sent', 'delivered', 'bounced', 'failed'].includes(r.status)) c.recipients += n
    if (r.status === 'sent' || r.status === 'delivered') c.delivered += n
    if (r.status === 'bounced') c.bounced += n
    if (r.status === 'failed') c.failed += n
  }

  // Message events by metric and message; opens and clicks by people only.
  const metrics = await read(
    select(
      kysely()
        .selectFrom('Metric')
        .select(['id', 'name'])
        .where('companyId', '=', companyId)
        .where('name', 'in', Object.keys(EVENT_KINDS)),
    ),
  )
  if (metrics.length) {
    const kindOf = new Map(metrics.map((m) => [m.id, EVENT_KINDS[m.name]!]))
    // From MessageEventIndex (written with each message event): no JSON is read per event.
    let eq = kysely()
      .selectFrom('MessageEventIndex')
      .select([
        'metricId',
        'messageKey as message',
        sql<number>`count(*)`.as('n'),
        sql<number>`count(distinct ${sql.ref('profileId')})`.as('u'),
      ])
      .where('companyId', '=', companyId)
      .where('sourceType', '=', CAMPAIGN_SEND_SOURCE)
      .where('messageKey', 'in', ids)
      .where(
        'metricId',
        'in',
        metrics.map((m) => m.id),
      )
      .where('machine', '=', false)
    if (from !== null) eq = eq.where('ts', '>=', from).where('ts', '<', to!)
    eq = eq.groupBy(['metricId', 'messageKey'])
    for (const r of await read(select(eq))) {
      const row = rows.get(String(r.message))
      if (!row) continue
      const c = row.counts
      const n = Number(r.n)
      const u = Number(r.u)
      switch (kindOf.get(r.metricId)) {
        case 'open':
          c.opens += n
          c.opensUnique += u
          break
        case 'click':
          c.clicks += n
          c.clicksUnique += u
          break
        case 'spam':
          c.spam += u
          break
        case 'unsubscribe':
          c.unsubscribes += n
          c.unsubscribeUniques += u
          break
      }
    }
  }

  // Conversions attributed to the messages.
  let aq = kysely()
    .selectFrom('EventAttribution')
    .select([
      'messageId',
      sql<number>`count(*)`.as('n'),
      sql<number>`count(distinct ${sql.ref('profileId')})`.as('u'),
      sql<number>`coalesce(sum(${sql.ref('value')}), 0)`.as('v'),
    ])
    .where('companyId', '=', companyId)
    .where('sourceType', '=', 'campaign')
    .where('messageId', 'in', ids)
  if (from !== null) aq = aq.where('ts', '>=', from).where('ts', '<', to!)
  for (const r of await read(select(aq.groupBy('messageId')))) {
    const c = rows.get(r.messageId)!.counts
    c.conversions += Number(r.n)
    c.conversionUniques += Number(r.u)
    c.conversionValue += Number(r.v)
  }
  return [...rows.values()]
}

export function sumCounts(list: RawCounts[]): RawCounts {
  const out = emptyCounts()
  for (const c of list) for (const k of Object.keys(out) as Array<keyof RawCounts>) out[k] += c[k]
  return out
}

/** C4 → everyone: the 31 statistics of one campaign (all its messages), optionally over a range. */
export async function campaignFigures(
  companyId: number,
  campaignId: string,
  opts: { range?: Range | null } = {},
): Promise<
  Record<Statistic, number> & {
    byMessage: Array<{ messageId: string; channel: string; statistics: Record<Statistic, number> }>
  }
> {
  const rows = await campaignMessageCounts(companyId, opts.range ?? null, { campaignIds: [campaignId] })
  return {
    ...computeStatistics(sumCounts(rows.map((r) => r.counts))),
    byMessage: rows.map((r) => ({
      messageId: r.messageId,
      channel: r.channel,
      statistics: computeStatistics(r.counts),
    })),
  }
}
