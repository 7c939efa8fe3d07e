// GET /ajax/flow/message/{id}/reports/conversions: the conversions attributed to this message
// (lib/attribution: the recipient's last human open or click of one of our messages within the
// /settings/attribution windows earns the order, so an order is counted by one message only, the
// same figure the campaign reports and GET /api/events?include=attributions give): how many,
// by how many recipients, their value, the rate over recipients, and per day.
import { sql } from 'kysely'
import { kysely } from '@/lib/db/kysely'
import { read, select } from '@/lib/db/ops'
import { getAttributionSettings } from '@/lib/attribution/settings'
import { companyCurrency } from '@/lib/reporting/company-currency'
import { FLOW_SEND_SOURCE, messageScope, sourceOfAction } from './report-scope'

const round2 = (v: number) => Math.round(v * 100) / 100

export async function messageConversions(companyId: number, messageId: string) {
  const s = await messageScope(companyId, messageId)
  const [settings, currency] = await Promise.all([getAttributionSettings(companyId), companyCurrency(companyId)])
  const sends = kysely()
    .selectFrom('Send')
    .where('Send.companyId', '=', companyId)
    .where('Send.sourceType', '=', FLOW_SEND_SOURCE)
    .where(sourceOfAction('Send.sourceId', s.actionId))
    .where('Send.sentAt', 'is not', null)
  const [rec] = await read(select(sends.select(sql<number>`count(distinct ${sql.ref('Send.profileId')})`.as('n'))))
  const recipients = Number(rec?.n ?? 0)
  const attributed = () =>
    kysely()
      .selectFrom('EventAttribution as a')
      .where('a.companyId', '=', companyId)
      .where('a.sourceType', '=', 'flow')
      .where('a.flowId', '=', s.flowId)
      .where('a.messageId', '=', s.actionId)
  const [agg] = await read(
    select(
      attributed().select([
        sql<number>`count(*)`.as('n'),
        sql<number>`count(distinct ${sql.ref('a.profileId')})`.as('who'),
        sql<number>`coalesce(sum(${sql.ref('a.value')}), 0)`.as('value'),
      ]),
    ),
  )
  const days = await read(
    select(
      attributed()
        .select([
          sql<number>`(${sql.ref('a.ts')} / 86400)`.as('d'),
          sql<number>`count(*)`.as('n'),
          sql<number>`coalesce(sum(${sql.ref('a.value')}), 0)`.as('v'),
        ])
        .groupBy(sql`(${sql.ref('a.ts')} / 86400)`)
        .orderBy(sql`(${sql.ref('a.ts')} / 86400)`),
    ),
  )
  const conversions = Number(agg?.n ?? 0)
  const converters = Number(agg?.who ?? 0)
  const value = round2(Number(agg?.value ?? 0))
  return {
    metric: settings.conversionMetricName,
    /** The attribution windows in hours (/settings/attribution). */
    windows: {
      emailOpen: settings.countEmailOpens ? settings.emailOpenWindowHours : null,
      emailClick: settings.emailClickWindowHours,
      smsClick: settings.smsClickWindowHours,
      pushOpen: settings.pushOpenWindowHours,
    },
    currency,
    recipients,
    conversions,
    converters,
    value,
    rate: recipients ? converters / recipients : 0,
    valuePerRecipient: recipients ? round2(value / recipients) : 0,
    days: days.map((r) => ({
      date: new Date(Number(r.d) * 86_400_000).toISOString().slice(0, 10),
      conversions: Number(r.n),
      value: round2(Number(r.v)),
    })),
  }
}
