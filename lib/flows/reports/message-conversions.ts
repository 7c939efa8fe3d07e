// GET /ajax/flow/message/{id}/reports/conversions: orders placed by recipients within 5 days
// after the message was sent to them (the attribution window until issue 10's attribution):
// how many orders, by how many recipients, their value, and the rate over recipients.
import { sql } from 'kysely'
import { kysely } from '@/lib/db/kysely'
import { read, select, selectFirst } from '@/lib/db/ops'
import { epochMs } from '@/lib/db/dialect'
import { FLOW_SEND_SOURCE, messageScope, sourceOfAction } from './report-scope'

export const CONVERSION_METRIC = 'Placed Order'
export const CONVERSION_WINDOW_DAYS = 5

export async function messageConversions(companyId: number, messageId: string, metricName = CONVERSION_METRIC) {
  const s = await messageScope(companyId, messageId)
  const metric = await read(selectFirst(kysely().selectFrom('Metric').select('id').where('companyId', '=', companyId).where('name', '=', metricName)))
  const sends = kysely().selectFrom('Send').where('Send.companyId', '=', companyId).where('Send.sourceType', '=', FLOW_SEND_SOURCE)
    .where(sourceOfAction('Send.sourceId', s.actionId)).where('Send.sentAt', 'is not', null)
  const [rec] = await read(select(sends.select(sql<number>`count(distinct ${sql.ref('Send.profileId')})`.as('n'))))
  const recipients = Number(rec?.n ?? 0)
  const empty = { metric: metricName, windowDays: CONVERSION_WINDOW_DAYS, recipients, conversions: 0, converters: 0, value: 0, rate: 0, valuePerRecipient: 0, days: [] as Array<{ date: string; conversions: number; value: number }> }
  if (!metric) return empty
  const windowMs = CONVERSION_WINDOW_DAYS * 86_400_000
  // An order counts once, however many of the action's sends precede it within the window.
  const attributed = kysely().selectFrom('Event as e')
    .where('e.companyId', '=', companyId).where('e.metricId', '=', metric.id)
    .where(({ exists, selectFrom }) => exists(
      selectFrom('Send as s').select(sql`1`.as('one'))
        .where('s.companyId', '=', companyId).where('s.sourceType', '=', FLOW_SEND_SOURCE).where(sourceOfAction('s.sourceId', s.actionId))
        .where('s.sentAt', 'is not', null)
        .whereRef('s.profileId', '=', 'e.profileId')
        .where(sql<boolean>`cast(${sql.ref('e.ts')} as bigint) * 1000 >= ${epochMs(sql.ref('s.sentAt'))}`)
        .where(sql<boolean>`cast(${sql.ref('e.ts')} as bigint) * 1000 < ${epochMs(sql.ref('s.sentAt'))} + ${windowMs}`),
    ))
  const [agg] = await read(select(attributed.select([
    sql<number>`count(*)`.as('n'), sql<number>`count(distinct ${sql.ref('e.profileId')})`.as('who'), sql<number>`coalesce(sum(${sql.ref('e.value')}), 0)`.as('value'),
  ])))
  const days = await read(select(attributed.select([sql<number>`(${sql.ref('e.ts')} / 86400)`.as('d'), sql<number>`count(*)`.as('n'), sql<number>`coalesce(sum(${sql.ref('e.value')}), 0)`.as('v')])
    .groupBy(sql`(${sql.ref('e.ts')} / 86400)`).orderBy(sql`(${sql.ref('e.ts')} / 86400)`)))
  const conversions = Number(agg?.n ?? 0)
  const converters = Number(agg?.who ?? 0)
  const value = Math.round(Number(agg?.value ?? 0) * 100) / 100
  return {
    ...empty, conversions, converters, value,
    rate: recipients ? converters / recipients : 0,
    valuePerRecipient: recipients ? Math.round((value / recipients) * 100) / 100 : 0,
    days: days.map((r) => ({ date: new Date(Number(r.d) * 86_400_000).toISOString().slice(0, 10), conversions: Number(r.n), value: Math.round(Number(r.v) * 100) / 100 })),
  }
}
