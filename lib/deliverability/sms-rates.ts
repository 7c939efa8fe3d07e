// SMS deliverability: the SMS Sends of campaigns and flows in a range by the recipient's country
// (the profile's country, else 'Unknown') and by sending number (the message's fromNumber, else
// the account's number): delivered, failed (failed or bounced), and opt-outs (the Unsubscribed
// from SMS events of those profiles in the range, since an inbound STOP names no send).
import { sql } from 'kysely'
import { kysely } from '@/lib/db/kysely'
import { read, select } from '@/lib/db/ops'
import { jsonText } from '@/lib/db/dialect'
import { MESSAGE_METRICS } from '@/lib/messaging/message-events'
import { CAMPAIGN_SEND_SOURCE, FLOW_SEND_SOURCE, messageMetricIds } from '@/lib/reporting/send-scope'
import type { Range } from './email-rates'

export const ACCOUNT_NUMBER = '(account number)'

export async function smsDeliverability(companyId: number, range: Range) {
  const ids = await messageMetricIds(companyId, { optOut: MESSAGE_METRICS.sms.unsubscribed })
  const optOutId = ids.get('optOut')
  const from = Math.floor(range.from.getTime() / 1000)
  const to = Math.floor(range.to.getTime() / 1000)
  const optedOut = optOutId
    ? sql<boolean>`exists (select 1 from ${sql.table('Event')} e where e.${sql.ref('companyId')} = ${companyId} and e.${sql.ref('profileId')} = ${sql.ref('s.profileId')} and e.${sql.ref('metricId')} = ${optOutId} and e.${sql.ref('ts')} >= ${from} and e.${sql.ref('ts')} < ${to})`
    : sql<boolean>`1 = 0`
  const inner = kysely()
    .selectFrom('Send as s')
    .leftJoin('Profile as p', (j) => j.onRef('p.id', '=', 's.profileId').on('p.companyId', '=', companyId))
    .where('s.companyId', '=', companyId)
    .where('s.channel', '=', 'sms')
    .where('s.sourceType', 'in', [CAMPAIGN_SEND_SOURCE, FLOW_SEND_SOURCE])
    .where('s.status', 'in', ['sent', 'delivered', 'failed', 'bounced'])
    .where('s.sentAt', '>=', range.from)
    .where('s.sentAt', '<', range.to)
    .select([
      sql<string>`coalesce(upper(${sql.ref('p.country')}), 'Unknown')`.as('country'),
      sql<string>`coalesce(${jsonText(sql.ref('s.content'), 'fromNumber')}, ${ACCOUNT_NUMBER})`.as('number'),
      sql<number>`case when ${sql.ref('s.status')} = 'delivered' then 1 else 0 end`.as('delivered'),
      sql<number>`case when ${sql.ref('s.status')} in ('failed', 'bounced') then 1 else 0 end`.as('failed'),
      sql<number>`case when ${optedOut} then 1 else 0 end`.as('optOut'),
    ])
  const by = async (col: 'country' | 'number') => {
    const rows = await read(
      select(
        kysely()
          .selectFrom(inner.as('x'))
          .select([
            sql.ref(`x.${col}`).as('k'),
            sql<number>`count(*)`.as('sent'),
            sql<number>`sum(${sql.ref('x.delivered')})`.as('delivered'),
            sql<number>`sum(${sql.ref('x.failed')})`.as('failed'),
            sql<number>`sum(${sql.ref('x.optOut')})`.as('optOut'),
          ])
          .groupBy(sql.ref(`x.${col}`))
          .orderBy(sql`count(*)`, 'desc'),
      ),
    )
    return rows.map((r) => {
      const sent = Number(r.sent)
      const c = { delivered: Number(r.delivered ?? 0), failed: Number(r.failed ?? 0), optOut: Number(r.optOut ?? 0) }
      return {
        key: String(r.k),
        sent,
        ...c,
        rates: {
          deliveryRate: sent ? c.delivered / sent : 0,
          failureRate: sent ? c.failed / sent : 0,
          optOutRate: sent ? c.optOut / sent : 0,
        },
      }
    })
  }
  const [byCountry, byNumber] = await Promise.all([by('country'), by('number')])
  const total = byCountry.reduce(
    (t, r) => ({
      sent: t.sent + r.sent,
      delivered: t.delivered + r.delivered,
      failed: t.failed + r.failed,
      optOut: t.optOut + r.optOut,
    }),
    { sent: 0, delivered: 0, failed: 0, optOut: 0 },
  )
  return { range: { from: range.from.toISOString(), to: range.to.toISOString() }, total, byCountry, byNumber }
}
