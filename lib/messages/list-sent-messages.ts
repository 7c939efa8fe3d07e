// The sent-messages viewer (issue 8 §3): the company's Send rows, newest first, with the local
// outbox copy of each email when no SMTP server took it ("not delivered": it never left the server).
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { notFound } from '@/lib/errors/app-error'
import { OUTBOX_NOT_DELIVERED } from '@/lib/mail/outbox-mail'

export const SEND_STATUSES = ['queued', 'skipped', 'deferred', 'sending', 'sent', 'delivered', 'bounced', 'failed', 'unknown'] as const

export const listSentMessagesQuery = z.object({
  status: z.enum(SEND_STATUSES).optional(),
  channel: z.enum(['email', 'sms', 'push', 'whatsapp']).optional(),
  sourceType: z.string().max(40).regex(/^[a-z_]+$/).optional(),
  /** Only messages kept in the local outbox. */
  outbox: z.enum(['true', 'false']).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
})
export type ListSentMessagesQuery = z.infer<typeof listSentMessagesQuery>

export interface SentMessageSummary {
  id: string
  channel: string
  sourceType: string
  sourceId: string
  profileId: string
  to: string | null
  subject: string | null
  status: string
  reason: string | null
  provider: string | null
  /** True when the message is only in the local outbox (no SMTP server configured). */
  notDelivered: boolean
  created: string
  sent: string | null
}

type SendRow = Awaited<ReturnType<typeof db.send.findMany>>[number]
type OutboxRow = { id: number; to: string; status: string }

function summary(s: SendRow, outbox: OutboxRow | undefined): SentMessageSummary {
  return {
    id: s.id,
    channel: s.channel,
    sourceType: s.sourceType,
    sourceId: s.sourceId,
    profileId: s.profileId,
    to: outbox?.to ?? recipientOf(s.content),
    subject: s.subject ?? subjectOf(s.content),
    status: s.status,
    reason: s.reason,
    provider: s.provider,
    notDelivered: s.provider === 'outbox' || outbox?.status === OUTBOX_NOT_DELIVERED,
    created: s.createdAt.toISOString(),
    sent: s.sentAt ? s.sentAt.toISOString() : null,
  }
}

function contentOf(content: string): Record<string, unknown> {
  try {
    const v = JSON.parse(content) as unknown
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}
const recipientOf = (content: string) => {
  const to = contentOf(content).to
  return typeof to === 'string' ? to : null
}
const subjectOf = (content: string) => {
  const subject = contentOf(content).subject
  return typeof subject === 'string' ? subject : null
}

export async function listSentMessages(companyId: number, q: ListSentMessagesQuery) {
  const where = {
    companyId,
    ...(q.status ? { status: q.status } : {}),
    ...(q.channel ? { channel: q.channel } : {}),
    ...(q.sourceType ? { sourceType: q.sourceType } : {}),
    ...(q.outbox === 'true' ? { provider: 'outbox' } : q.outbox === 'false' ? { NOT: { provider: 'outbox' } } : {}),
  }
  const [rows, total] = await Promise.all([
    db.send.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], skip: (q.page - 1) * q.pageSize, take: q.pageSize }),
    db.send.count({ where }),
  ])
  const outboxIds = rows.map((r) => r.outboxMailId).filter((id): id is number => id !== null)
  const outbox = outboxIds.length
    ? await db.outboxMail.findMany({ where: { companyId, id: { in: outboxIds } }, select: { id: true, to: true, status: true } })
    : []
  const byId = new Map(outbox.map((o) => [o.id, o]))
  return {
    messages: rows.map((r) => summary(r, r.outboxMailId !== null ? byId.get(r.outboxMailId) : undefined)),
    total,
    page: q.page,
    pageSize: q.pageSize,
  }
}

export async function getSentMessage(companyId: number, id: string) {
  const send = await db.send.findFirst({ where: { companyId, id } })
  if (!send) throw notFound('Message not found')
  const mail = send.outboxMailId !== null
    ? await db.outboxMail.findFirst({ where: { companyId, id: send.outboxMailId } })
    : await db.outboxMail.findFirst({ where: { companyId, sendId: send.id }, orderBy: { id: 'desc' } })
  let headers: Record<string, string> = {}
  if (mail?.headers) {
    const parsed = contentOf(mail.headers)
    headers = Object.fromEntries(Object.entries(parsed).filter(([, v]) => typeof v === 'string')) as Record<string, string>
  }
  return {
    message: {
      ...summary(send, mail ?? undefined),
      from: mail?.fromAddress ?? null,
      html: mail?.html ?? null,
      text: mail?.text ?? null,
      headers,
      attempts: send.attempts,
      error: send.error,
      messageId: send.messageId,
      outboxStatus: mail?.status ?? null,
    },
  }
}
