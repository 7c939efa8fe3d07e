// The /notification/{messageType}/{messageId}/{action}/{recipientId?} and /sms/… screens' server
// side: a sent push or SMS message's report (its sends by status, the latest recipients) and its
// preview, for the whole message or one recipient (the Send of that profile, with what it was
// rendered as). messageType is campaign or flow; a flow message's sends are those of its action
// (source id "{actionId}:{runId}").
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { notFound } from '@/lib/errors/app-error'
import { findChannelMessage, type EditorChannel } from './channel-message'
import { previewPush } from './preview-push'
import { previewSmsMessage } from './sms-message'

export const messageReportQuery = z.object({
  messageType: z.enum(['campaign', 'flow'], 'The message type must be campaign or flow.'),
  recipientId: z.string().trim().max(64).optional(),
})

async function sendScope(companyId: number, channel: EditorChannel, messageType: 'campaign' | 'flow', id: string) {
  const m = await findChannelMessage(companyId, channel, id)
  if (m.source !== messageType) throw notFound('This message does not exist.')
  if (m.source === 'campaign') return { m, where: { companyId, channel, sourceType: 'campaign_message', sourceId: id } }
  const f = await db.flowMessage.findFirstOrThrow({ where: { companyId, id }, select: { actionId: true } })
  // a prefix match, not a key range: under a PostgreSQL collation other than C, ':' and ';' need
  // not sort next to each other
  const runs = { startsWith: `${f.actionId}:` }
  return { m, where: { companyId, channel, sourceType: 'flow_action_run', sourceId: runs } }
}

export async function messageReport(
  companyId: number,
  channel: EditorChannel,
  id: string,
  q: z.infer<typeof messageReportQuery>,
) {
  const { m, where } = await sendScope(companyId, channel, q.messageType, id)
  const [byStatus, latest] = await Promise.all([
    db.send.groupBy({ by: ['status'], where, _count: { _all: true } }),
    db.send.findMany({
      where: q.recipientId ? { ...where, profileId: q.recipientId } : where,
      orderBy: { createdAt: 'desc' },
      take: q.recipientId ? 1 : 50,
      select: {
        id: true,
        profileId: true,
        status: true,
        reason: true,
        error: true,
        subject: true,
        sendingAt: true,
        finishedAt: true,
      },
    }),
  ])
  if (q.recipientId && !latest.length) throw notFound('This profile was not sent the message.')
  const people = new Map(
    (
      await db.profile.findMany({
        where: { companyId, id: { in: [...new Set(latest.map((s) => s.profileId))] } },
        select: { id: true, email: true, phoneNumber: true, firstName: true, lastName: true },
      })
    ).map((p) => [p.id, p]),
  )
  return {
    message: { id: m.id, name: m.name, source: m.source },
    counts: Object.fromEntries(byStatus.map((s) => [s.status, s._count._all])),
    recipients: latest.map((s) => ({
      sendId: s.id,
      profileId: s.profileId,
      email: people.get(s.profileId)?.email ?? null,
      phoneNumber: people.get(s.profileId)?.phoneNumber ?? null,
      name: [people.get(s.profileId)?.firstName, people.get(s.profileId)?.lastName].filter(Boolean).join(' '),
      status: s.status,
      reason: s.reason,
      error: s.error,
      sentAt: (s.finishedAt ?? s.sendingAt)?.toISOString() ?? null,
    })),
  }
}

/** The message rendered for the recipient (or a sample profile): push frames' data or the SMS text. */
export async function messagePreview(
  companyId: number,
  channel: EditorChannel,
  id: string,
  q: z.infer<typeof messageReportQuery>,
) {
  const { m } = await sendScope(companyId, channel, q.messageType, id)
  const profileId = q.recipientId ?? null
  if (channel === 'push') return { channel, name: m.name, push: await previewPush(companyId, id, profileId) }
  return { channel, name: m.name, sms: await previewSmsMessage(companyId, id, { profileId, recipients: 1 }) }
}
