// GET /ajax/flow/message/{id}/reports/deliverability: the action's sends by status, skipped and
// failed ones by reason, and the delivery reports (hard and soft bounces, spam complaints,
// drops) of those sends by kind.
import { sql } from 'kysely'
import { kysely } from '@/lib/db/kysely'
import { read, select } from '@/lib/db/ops'
import { FLOW_SEND_SOURCE, messageScope, sourceOfAction } from './report-scope'

export async function messageDeliverability(companyId: number, messageId: string) {
  const s = await messageScope(companyId, messageId)
  const sends = kysely().selectFrom('Send').where('Send.companyId', '=', companyId).where('Send.sourceType', '=', FLOW_SEND_SOURCE).where(sourceOfAction('Send.sourceId', s.actionId))
  const byStatus = await read(select(sends.select(['Send.status', sql<number>`count(*)`.as('n')]).groupBy('Send.status')))
  const byReason = await read(select(
    sends.where('Send.status', 'in', ['skipped', 'failed', 'deferred', 'bounced']).select(['Send.status', 'Send.reason', sql<number>`count(*)`.as('n')])
      .groupBy(['Send.status', 'Send.reason']).orderBy(sql`count(*)`, 'desc'),
  ))
  const reports = await read(select(
    kysely().selectFrom('EmailDeliveryReport').innerJoin('Send', (j) => j.onRef('Send.id', '=', 'EmailDeliveryReport.sendId').on('Send.companyId', '=', companyId))
      .where('EmailDeliveryReport.companyId', '=', companyId).where('Send.sourceType', '=', FLOW_SEND_SOURCE).where(sourceOfAction('Send.sourceId', s.actionId))
      .select(['EmailDeliveryReport.kind', sql<number>`count(*)`.as('n'), sql<number>`count(distinct ${sql.ref('EmailDeliveryReport.sendId')})`.as('sends')])
      .groupBy('EmailDeliveryReport.kind'),
  ))
  const statuses = Object.fromEntries(byStatus.map((r) => [r.status, Number(r.n)]))
  const total = Object.values(statuses).reduce((a, b) => a + b, 0)
  const kinds = Object.fromEntries(reports.map((r) => [r.kind, Number(r.sends)]))
  const sent = (statuses.sent ?? 0) + (statuses.delivered ?? 0) + (statuses.bounced ?? 0)
  return {
    total, statuses,
    reasons: byReason.map((r) => ({ status: r.status, reason: r.reason ?? null, count: Number(r.n) })),
    reports: {
      hardBounces: kinds.hard_bounce ?? 0, softBounces: kinds.soft_bounce ?? 0, spamComplaints: kinds.complaint ?? 0,
      dropped: kinds.dropped ?? 0, delivered: kinds.delivered ?? 0,
    },
    bounceRate: sent ? ((kinds.hard_bounce ?? 0) + (kinds.soft_bounce ?? 0)) / sent : 0,
    spamRate: sent ? (kinds.complaint ?? 0) / sent : 0,
  }
}
