// C4 → everyone: the 31 statistics of one flow message (the Sends of its action, sourceType
// 'flow_action_run', sourceId '<actionId>:<runId>', range-scanned by LIKE '<actionId>:%'),
// machine opens and clicks left out, conversions from EventAttribution (messageId = action id).
import { sql } from 'kysely'
import { kysely } from '@/lib/db/kysely'
import { read, select } from '@/lib/db/ops'
import { escapeLike, jsonText } from '@/lib/db/dialect'
import { MESSAGE_METRICS } from '@/lib/messaging/message-events'
import { humanEngagementSql } from '@/lib/messaging/tracking/machine-activity'
import { FLOW_SEND_SOURCE, messageScope, sourceOfAction } from '@/lib/flows/reports/report-scope'
import { computeStatistics, emptyCounts, type Statistic } from './statistics'
import type { Range } from './timeframe'

const KINDS: Record<string, 'open' | 'click' | 'spam' | 'unsubscribe'> = {
  [MESSAGE_METRICS.email.opened]: 'open', [MESSAGE_METRICS.push.opened]: 'open',
  [MESSAGE_METRICS.email.clicked]: 'click', [MESSAGE_METRICS.sms.clicked]: 'click', [MESSAGE_METRICS.whatsapp.clicked]: 'click',
  [MESSAGE_METRICS.email.spam]: 'spam',
  [MESSAGE_METRICS.email.unsubscribed]: 'unsubscribe', [MESSAGE_METRICS.sms.unsubscribed]: 'unsubscribe', [MESSAGE_METRICS.whatsapp.unsubscribed]: 'unsubscribe',
}

export async function flowMessageFigures(companyId: number, flowMessageId: string, opts: { range?: Range | null } = {}): Promise<Record<Statistic, number>> {
  const s = await messageScope(companyId, flowMessageId) // 404 for another company's message
  const c = emptyCounts()
  const range = opts.range ?? null
  let sq = kysely().selectFrom('Send').select(['status', sql<number>`count(*)`.as('n')])
    .where('companyId', '=', companyId).where('sourceType', '=', FLOW_SEND_SOURCE).where(sourceOfAction('sourceId', s.actionId))
  if (range) sq = sq.where('createdAt', '>=', range.start).where('createdAt', '<', range.end)
  for (const r of await read(select(sq.groupBy('status')))) {
    const n = Number(r.n)
    if (['sent', 'delivered', 'bounced', 'failed'].includes(r.status)) c.recipients += n
    if (r.status === 'sent' || r.status === 'delivered') c.delivered += n
    if (r.status === 'bounced') c.bounced += n
    if (r.status === 'failed') c.failed += n
  }
  const metrics = await read(select(kysely().selectFrom('Metric').select(['id', 'name']).where('companyId', '=', companyId).where('name', 'in', Object.keys(KINDS))))
  if (metrics.length) {
    let eq = kysely().selectFrom('Event').select(['metricId', sql<number>`count(*)`.as('n'), sql<number>`count(distinct ${sql.ref('profileId')})`.as('u')])
      .where('companyId', '=', companyId).where('metricId', 'in', metrics.map((m) => m.id))
      .where(sql<boolean>`${jsonText(sql.ref('Event.properties'), '$message')} like ${escapeLike(s.actionId) + ':%'} escape '\\'`)
      .where(humanEngagementSql(sql.ref('Event.properties')))
    if (range) eq = eq.where('ts', '>=', Math.floor(range.start.getTime() / 1000)).where('ts', '<', Math.floor(range.end.getTime() / 1000))
    const kindOf = new Map(metrics.map((m) => [m.id, KINDS[m.name]!]))
    for (const r of await read(select(eq.groupBy('metricId')))) {
      const n = Number(r.n)
      const u = Number(r.u)
      switch (kindOf.get(r.metricId)) {
        case 'open': c.opens += n; c.opensUnique += u; break
        case 'click': c.clicks += n; c.clicksUnique += u; break
        case 'spam': c.spam += u; break
        case 'unsubscribe': c.unsubscribes += n; c.unsubscribeUniques += u; break
      }
    }
  }
  let aq = kysely().selectFrom('EventAttribution').select([sql<number>`count(*)`.as('n'), sql<number>`count(distinct ${sql.ref('profileId')})`.as('u'), sql<number>`coalesce(sum(${sql.ref('value')}), 0)`.as('v')])
    .where('companyId', '=', companyId).where('sourceType', '=', 'flow').where('flowId', '=', s.flowId).where('messageId', '=', s.actionId)
  if (range) aq = aq.where('ts', '>=', Math.floor(range.start.getTime() / 1000)).where('ts', '<', Math.floor(range.end.getTime() / 1000))
  const [a] = await read(select(aq))
  c.conversions = Number(a?.n ?? 0)
  c.conversionUniques = Number(a?.u ?? 0)
  c.conversionValue = Number(a?.v ?? 0)
  return computeStatistics(c)
}
