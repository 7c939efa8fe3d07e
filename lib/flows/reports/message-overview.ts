// GET /ajax/flow/message/{id}/reports/overview: recipients, delivered, the open, click, bounce,
// spam and unsubscribe rates (unique profiles over delivered), and per day sends, opens and clicks.
import { sql } from 'kysely'
import { kysely } from '@/lib/db/kysely'
import { read, select } from '@/lib/db/ops'
import { epochMs } from '@/lib/db/dialect'
import { messageMetricIds, scopeEvents } from '@/lib/reporting/send-scope'
import { MESSAGE_METRICS } from '@/lib/messaging/message-events'
import { DAY_MS, FLOW_SEND_SOURCE, messageScope, scopeOf, sourceOfAction, type MessageScope } from './report-scope'

const COUNTED = {
  opened: MESSAGE_METRICS.email.opened,
  clicked: MESSAGE_METRICS.email.clicked,
  bounced: MESSAGE_METRICS.email.bounced,
  spam: MESSAGE_METRICS.email.spam,
  unsubscribed: MESSAGE_METRICS.email.unsubscribed,
} as const
type Counted = keyof typeof COUNTED

export { messageMetricIds } from '@/lib/reporting/send-scope'

/** Events of a metric about this action's sends ($message = '<actionId>:<runId>'). */
export const actionEvents = (s: MessageScope, metricId: string) => scopeEvents(scopeOf(s), metricId)

export async function messageOverview(companyId: number, messageId: string) {
  const s = await messageScope(companyId, messageId)
  const sends = kysely()
    .selectFrom('Send')
    .where('companyId', '=', companyId)
    .where('sourceType', '=', FLOW_SEND_SOURCE)
    .where(sourceOfAction('sourceId', s.actionId))
  const byStatus = await read(select(sends.select(['status', sql<number>`count(*)`.as('n')]).groupBy('status')))
  const status = Object.fromEntries(byStatus.map((r) => [r.status, Number(r.n)]))
  const [recipients] = await read(select(sends.select(sql<number>`count(distinct ${sql.ref('profileId')})`.as('n'))))
  const sent = (status.sent ?? 0) + (status.delivered ?? 0) + (status.bounced ?? 0)
  const delivered = (status.sent ?? 0) + (status.delivered ?? 0)

  const metrics = await messageMetricIds(companyId, COUNTED)
  const unique: Record<Counted, number> = { opened: 0, clicked: 0, bounced: 0, spam: 0, unsubscribed: 0 }
  const total: Record<Counted, number> = { opened: 0, clicked: 0, bounced: 0, spam: 0, unsubscribed: 0 }
  for (const key of Object.keys(COUNTED) as Counted[]) {
    const id = metrics.get(key)
    if (!id) continue
    const [r] = await read(
      select(
        actionEvents(s, id).select([
          sql<number>`count(*)`.as('total'),
          sql<number>`count(distinct ${sql.ref('profileId')})`.as('uniq'),
        ]),
      ),
    )
    unique[key] = Number(r?.uniq ?? 0)
    total[key] = Number(r?.total ?? 0)
  }
  const rate = (n: number, of: number) => (of > 0 ? n / of : 0)

  // Per day (UTC): messages sent, unique opens and clicks.
  const day = (col: string) => sql<number>`(${epochMs(sql.ref(col))} / ${sql.lit(DAY_MS)})`
  const sentDays = await read(
    select(
      sends
        .where('sentAt', 'is not', null)
        .select([day('sentAt').as('d'), sql<number>`count(*)`.as('n')])
        .groupBy(day('sentAt')),
    ),
  )
  const eventDays = async (id: string | undefined) =>
    id
      ? read(
          select(
            actionEvents(s, id)
              .select([
                sql<number>`(${sql.ref('ts')} / 86400)`.as('d'),
                sql<number>`count(distinct ${sql.ref('profileId')})`.as('n'),
              ])
              .groupBy(sql`(${sql.ref('ts')} / 86400)`),
          ),
        )
      : []
  const [openDays, clickDays] = await Promise.all([eventDays(metrics.get('opened')), eventDays(metrics.get('clicked'))])
  const days = new Map<number, { sent: number; opened: number; clicked: number }>()
  const at = (d: number) => days.get(d) ?? days.set(d, { sent: 0, opened: 0, clicked: 0 }).get(d)!
  for (const r of sentDays) at(Number(r.d)).sent += Number(r.n)
  for (const r of openDays) at(Number(r.d)).opened += Number(r.n)
  for (const r of clickDays) at(Number(r.d)).clicked += Number(r.n)
  const series = fillDays([...days.entries()].sort((a, b) => a[0] - b[0]))

  return {
    message: {
      id: s.messageId,
      name: s.name,
      subject: s.subject,
      channel: s.channel,
      flowId: s.flowId,
      flowName: s.flowName,
      actionId: s.actionId,
    },
    recipients: Number(recipients?.n ?? 0),
    statuses: status,
    sent,
    delivered,
    opens: { unique: unique.opened, total: total.opened, rate: rate(unique.opened, delivered) },
    clicks: {
      unique: unique.clicked,
      total: total.clicked,
      rate: rate(unique.clicked, delivered),
      clickToOpenRate: rate(unique.clicked, unique.opened),
    },
    bounces: {
      unique: Math.max(unique.bounced, status.bounced ?? 0),
      rate: rate(Math.max(unique.bounced, status.bounced ?? 0), sent),
    },
    spam: { unique: unique.spam, rate: rate(unique.spam, delivered) },
    unsubscribes: { unique: unique.unsubscribed, rate: rate(unique.unsubscribed, delivered) },
    days: series,
  }
}

/** Fills the days between the first and the last with zeros (at most 366 days shown). */
function fillDays(entries: Array<[number, { sent: number; opened: number; clicked: number }]>) {
  if (!entries.length) return []
  const map = new Map(entries)
  const last = entries[entries.length - 1]![0]
  const first = Math.max(entries[0]![0], last - 365)
  const out: Array<{ date: string; sent: number; opened: number; clicked: number }> = []
  for (let d = first; d <= last; d++)
    out.push({
      date: new Date(d * DAY_MS).toISOString().slice(0, 10),
      ...(map.get(d) ?? { sent: 0, opened: 0, clicked: 0 }),
    })
  return out
}
