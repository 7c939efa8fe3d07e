// The account's own message rates for the benchmarks page, by source (campaigns or flows) over
// a period: sends that reached the provider, delivered, and the delivered sends that were opened
// (by a person), clicked, converted (an attributed conversion), unsubscribed or marked as spam;
// bounces over sends. Each event is found from its send (unique id '<send>:<metric>…', the
// EventAttribution row of the send) so a send counts once however many times it was opened.
import { sql } from 'kysely'
import { kysely } from '@/lib/db/kysely'
import { read, select } from '@/lib/db/ops'
import { MESSAGE_METRICS } from '@/lib/messaging/message-events'
import { humanEngagementSql } from '@/lib/messaging/tracking/machine-activity'
import { CAMPAIGN_SEND_SOURCE, FLOW_SEND_SOURCE, SENT_STATUSES, messageMetricIds } from '@/lib/reporting/send-scope'

export type BenchmarkSource = 'campaigns' | 'flows'

export interface AccountRates {
  sent: number
  delivered: number
  openRate: number
  clickRate: number
  conversionRate: number
  unsubscribeRate: number
  bounceRate: number
  spamRate: number
}

export async function accountRates(
  companyId: number,
  source: BenchmarkSource,
  from: Date,
  to: Date,
): Promise<AccountRates> {
  const ids = await messageMetricIds(companyId, {
    opened: MESSAGE_METRICS.email.opened,
    clicked: MESSAGE_METRICS.email.clicked,
    unsub: MESSAGE_METRICS.email.unsubscribed,
    spam: MESSAGE_METRICS.email.spam,
  })
  const touched = (key: string, metric: string, human: boolean) => {
    const id = ids.get(key)
    if (!id) return sql<number>`0`
    const humanOnly = human ? sql`and ${humanEngagementSql(sql.ref('e.properties'))}` : sql``
    return sql<number>`case when exists (select 1 from ${sql.table('Event')} e where e.${sql.ref('companyId')} = ${companyId} and e.${sql.ref('profileId')} = ${sql.ref('s.profileId')} and e.${sql.ref('metricId')} = ${id} and e.${sql.ref('uniqueId')} like ${sql.ref('s.id')} || ${':' + metric + '%'} ${humanOnly}) then 1 else 0 end`
  }
  const converted = sql<number>`case when exists (select 1 from ${sql.table('EventAttribution')} a where a.${sql.ref('companyId')} = ${companyId} and a.${sql.ref('sendId')} = ${sql.ref('s.id')}) then 1 else 0 end`
  const inner = kysely()
    .selectFrom('Send as s')
    .where('s.companyId', '=', companyId)
    .where('s.channel', '=', 'email')
    .where('s.sourceType', '=', source === 'campaigns' ? CAMPAIGN_SEND_SOURCE : FLOW_SEND_SOURCE)
    .where('s.status', 'in', [...SENT_STATUSES])
    .where('s.sentAt', '>=', from)
    .where('s.sentAt', '<', to)
    .select([
      sql<number>`case when ${sql.ref('s.status')} = 'bounced' then 1 else 0 end`.as('bounced'),
      touched('opened', MESSAGE_METRICS.email.opened, true).as('opened'),
      touched('clicked', MESSAGE_METRICS.email.clicked, true).as('clicked'),
      touched('unsub', MESSAGE_METRICS.email.unsubscribed, false).as('unsub'),
      touched('spam', MESSAGE_METRICS.email.spam, false).as('spam'),
      converted.as('converted'),
    ])
  const [r] = await read(
    select(
      kysely()
        .selectFrom(inner.as('x'))
        .select([
          sql<number>`count(*)`.as('sent'),
          sql<number>`sum(${sql.ref('x.bounced')})`.as('bounced'),
          sql<number>`sum(${sql.ref('x.opened')})`.as('opened'),
          sql<number>`sum(${sql.ref('x.clicked')})`.as('clicked'),
          sql<number>`sum(${sql.ref('x.unsub')})`.as('unsub'),
          sql<number>`sum(${sql.ref('x.spam')})`.as('spam'),
          sql<number>`sum(${sql.ref('x.converted')})`.as('converted'),
        ]),
    ),
  )
  const sent = Number(r?.sent ?? 0)
  const delivered = sent - Number(r?.bounced ?? 0)
  const per = (v: unknown) => (delivered ? Number(v ?? 0) / delivered : 0)
  return {
    sent,
    delivered,
    openRate: per(r?.opened),
    clickRate: per(r?.clicked),
    conversionRate: per(r?.converted),
    unsubscribeRate: per(r?.unsub),
    spamRate: per(r?.spam),
    bounceRate: sent ? Number(r?.bounced ?? 0) / sent : 0,
  }
}
