// GET /ajax/flow/message/{id}/reports/recipients: the action's Sends, newest first, paged, with
// the profile's email and whether they opened or clicked; filter by send status.
import { z } from 'zod'
import { sql } from 'kysely'
import { kysely } from '@/lib/db/kysely'
import { read, select } from '@/lib/db/ops'
import { toDate } from '@/lib/db/dialect'
import { SEND_STATUSES } from '@/lib/messages/list-sent-messages'
import { MESSAGE_METRICS } from '@/lib/messaging/message-events'
import { FLOW_SEND_SOURCE, messageScope, sourceOfAction } from './report-scope'
import { actionEvents, messageMetricIds } from './message-overview'

export const reportPageQuery = z.object({
  page: z.coerce.number().int().min(1, 'page starts at 1.').max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100, 'pageSize is at most 100.').default(25),
  status: z.enum(SEND_STATUSES, `status must be one of ${SEND_STATUSES.join(', ')}.`).optional(),
})
export type ReportPageQuery = z.infer<typeof reportPageQuery>

export async function messageRecipients(companyId: number, messageId: string, q: ReportPageQuery) {
  const s = await messageScope(companyId, messageId)
  let sends = kysely().selectFrom('Send').where('Send.companyId', '=', companyId).where('Send.sourceType', '=', FLOW_SEND_SOURCE).where(sourceOfAction('Send.sourceId', s.actionId))
  if (q.status) sends = sends.where('Send.status', '=', q.status)
  const [count] = await read(select(sends.select(sql<number>`count(*)`.as('n'))))
  const rows = await read(select(
    sends.leftJoin('Profile', (j) => j.onRef('Profile.id', '=', 'Send.profileId').on('Profile.companyId', '=', companyId))
      .select(['Send.id', 'Send.profileId', 'Send.status', 'Send.reason', 'Send.createdAt', 'Send.sentAt', 'Profile.email', 'Profile.phoneNumber', 'Profile.firstName', 'Profile.lastName'])
      .orderBy('Send.createdAt', 'desc').orderBy('Send.id', 'desc')
      .limit(q.pageSize).offset((q.page - 1) * q.pageSize),
  ))
  const metrics = await messageMetricIds(companyId, { opened: MESSAGE_METRICS.email.opened, clicked: MESSAGE_METRICS.email.clicked })
  const profiles = [...new Set(rows.map((r) => r.profileId))]
  const engaged = async (key: string) => {
    const id = metrics.get(key)
    if (!id || !profiles.length) return new Set<string>()
    const r = await read(select(actionEvents(s, id).where('profileId', 'in', profiles).select('profileId').distinct()))
    return new Set(r.map((x) => x.profileId))
  }
  const [opened, clicked] = await Promise.all([engaged('opened'), engaged('clicked')])
  return {
    total: Number(count?.n ?? 0), page: q.page, pageSize: q.pageSize,
    recipients: rows.map((r) => ({
      sendId: r.id, profileId: r.profileId, email: r.email, phoneNumber: r.phoneNumber,
      name: [r.firstName, r.lastName].filter(Boolean).join(' ') || null,
      status: r.status, reason: r.reason,
      created: toDate(r.createdAt)!.toISOString(), sent: r.sentAt ? toDate(r.sentAt)!.toISOString() : null,
      opened: opened.has(r.profileId), clicked: clicked.has(r.profileId),
    })),
  }
}
