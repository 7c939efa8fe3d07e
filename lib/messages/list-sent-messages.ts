// The sent-messages viewer (issue 8 §3): the company's Send rows, newest first, with the local
// outbox copy of each email when no SMTP server took it ("not delivered": it never left the server),
// and the account mails among them (account-mails.ts: invitations, password resets …, issue 30 §8).
// Every row names its recipient: the outbox copy's address, else the one the message was sent to
// (a preview's typed address, an alert's staff address), else the profile's.
import { z } from 'zod'
import { sql } from 'kysely'
import { db } from '@/lib/db/client'
import { kysely } from '@/lib/db/kysely'
import { read, select } from '@/lib/db/ops'
import { notFound } from '@/lib/errors/app-error'
import { SEND_STATUSES } from '@/lib/messaging/types'
import { OUTBOX_NOT_DELIVERED } from '@/lib/mail/outbox-mail'
import type { AccountMailKind } from '@/lib/mail/account-mail-kind'
import { ACCOUNT_MAIL_ID_PREFIX, accountMailSummary, accountMailWhere, getAccountMail } from './account-mails'

export const listSentMessagesQuery = z.object({
  status: z.enum(SEND_STATUSES).optional(),
  channel: z.enum(['email', 'sms', 'push', 'whatsapp']).optional(),
  sourceType: z
    .string()
    .max(40)
    .regex(/^[a-z_]+$/)
    .optional(),
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
  /** An account mail's kind (invitation, password_reset …); null for a Send. */
  kind?: AccountMailKind | null
}

type SendRow = Awaited<ReturnType<typeof db.send.findMany>>[number]
type OutboxRow = { id: number; to: string; status: string }

type Contact = { email: string | null; phoneNumber: string | null }

/** Where the message went: the outbox copy's address, the address it was sent to, else the profile's. */
function recipientOfSend(s: SendRow, outbox: OutboxRow | undefined, profile: Contact | undefined): string | null {
  if (outbox?.to) return outbox.to
  const direct =
    recipientOf(s.content) ??
    (s.sourceType === 'preview'
      ? contextTo(s.context, '$preview_to')
      : s.sourceType === 'alert'
        ? contextTo(s.context, '$alert_to')
        : null)
  if (direct) return direct
  return (
    (s.channel === 'email'
      ? profile?.email
      : s.channel === 'sms' || s.channel === 'whatsapp'
        ? profile?.phoneNumber
        : null) ?? null
  )
}
const contextTo = (context: string | null, key: string) => {
  const v = contentOf(context ?? '')[key]
  return typeof v === 'string' && v ? v : null
}

function summary(s: SendRow, outbox: OutboxRow | undefined, profile?: Contact): SentMessageSummary {
  return {
    id: s.id,
    channel: s.channel,
    sourceType: s.sourceType,
    sourceId: s.sourceId,
    profileId: s.profileId,
    to: recipientOfSend(s, outbox, profile),
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

/** The page's keys, Sends and account mails merged newest first (one UNION ALL, paged in SQL). */
async function pageKeys(companyId: number, q: ListSentMessagesQuery, mailWhere: { emails: string[] } | null) {
  const k = kysely()
  let sends = k
    .selectFrom('Send')
    .select([sql<string>`'send'`.as('src'), 'id', 'createdAt'])
    .where('companyId', '=', companyId)
  if (q.status) sends = sends.where('status', '=', q.status)
  if (q.channel) sends = sends.where('channel', '=', q.channel)
  if (q.sourceType) sends = sends.where('sourceType', '=', q.sourceType)
  if (q.outbox === 'true') sends = sends.where('provider', '=', 'outbox')
  if (q.outbox === 'false') sends = sends.where('provider', '!=', 'outbox')
  const withSends = q.sourceType !== 'account'
  let query = sends
  if (mailWhere) {
    let mails = k
      .selectFrom('OutboxMail')
      .select([sql<string>`'mail'`.as('src'), sql<string>`CAST("id" AS TEXT)`.as('id'), 'createdAt'])
      .where('sendId', 'is', null)
      .where((eb) =>
        eb.or([
          eb('companyId', '=', companyId),
          ...(mailWhere.emails.length ? [eb.and([eb('companyId', 'is', null), eb('to', 'in', mailWhere.emails)])] : []),
        ]),
      )
    if (q.outbox === 'true') mails = mails.where('status', '=', 'logged')
    if (q.outbox === 'false') mails = mails.where('status', '!=', 'logged')
    // Same columns (src, id, createdAt) either way: the mails alone read as the union does.
    query = withSends ? sends.unionAll(mails) : (mails as unknown as typeof sends)
  }
  return read(
    select(
      query
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize),
    ),
  )
}

export async function listSentMessages(companyId: number, q: ListSentMessagesQuery) {
  const where = {
    companyId,
    ...(q.status ? { status: q.status } : {}),
    ...(q.channel ? { channel: q.channel } : {}),
    ...(q.sourceType ? { sourceType: q.sourceType } : {}),
    ...(q.outbox === 'true' ? { provider: 'outbox' } : q.outbox === 'false' ? { NOT: { provider: 'outbox' } } : {}),
  }
  // Account mails are sent email with no Send row: they join unless a filter rules them out.
  const withMails =
    (!q.status || q.status === 'sent') &&
    (!q.channel || q.channel === 'email') &&
    (!q.sourceType || q.sourceType === 'account')
  const mailWhere = withMails ? await accountMailWhere(companyId, q.outbox) : null
  const emails = mailWhere ? (mailWhere.OR[1] as { to: { in: string[] } }).to.in : []
  const [keys, sendTotal, mailTotal] = await Promise.all([
    pageKeys(companyId, q, mailWhere ? { emails } : null),
    q.sourceType === 'account' ? 0 : db.send.count({ where }),
    mailWhere ? db.outboxMail.count({ where: mailWhere }) : 0,
  ])
  const sendIds = keys.filter((r) => r.src === 'send').map((r) => r.id)
  const mailIds = keys.filter((r) => r.src === 'mail').map((r) => Number(r.id))
  const [rows, mails] = await Promise.all([
    sendIds.length ? db.send.findMany({ where: { companyId, id: { in: sendIds } } }) : [],
    mailIds.length ? db.outboxMail.findMany({ where: { id: { in: mailIds }, ...mailWhere! } }) : [],
  ])
  const outboxIds = rows.map((r) => r.outboxMailId).filter((id): id is number => id !== null)
  const profileIds = [...new Set(rows.filter((r) => r.outboxMailId === null).map((r) => r.profileId))]
  const [outbox, profiles] = await Promise.all([
    outboxIds.length
      ? db.outboxMail.findMany({
          where: { companyId, id: { in: outboxIds } },
          select: { id: true, to: true, status: true },
        })
      : [],
    profileIds.length
      ? db.profile.findMany({
          where: { companyId, id: { in: profileIds } },
          select: { id: true, email: true, phoneNumber: true },
        })
      : [],
  ])
  const byId = new Map(outbox.map((o) => [o.id, o]))
  const profileById = new Map(profiles.map((p) => [p.id, p]))
  const sendById = new Map(rows.map((r) => [r.id, r]))
  const mailById = new Map(mails.map((m) => [String(m.id), m]))
  const messages: SentMessageSummary[] = []
  for (const key of keys) {
    if (key.src === 'mail') {
      const m = mailById.get(key.id)
      if (m) messages.push(accountMailSummary(m))
      continue
    }
    const r = sendById.get(key.id)
    if (r)
      messages.push(
        summary(r, r.outboxMailId !== null ? byId.get(r.outboxMailId) : undefined, profileById.get(r.profileId)),
      )
  }
  return { messages, total: sendTotal + mailTotal, page: q.page, pageSize: q.pageSize }
}

export async function getSentMessage(companyId: number, id: string) {
  if (id.startsWith(ACCOUNT_MAIL_ID_PREFIX)) {
    const mail = await getAccountMail(companyId, id)
    if (!mail) throw notFound('Message not found')
    return mail
  }
  const send = await db.send.findFirst({ where: { companyId, id } })
  if (!send) throw notFound('Message not found')
  const mail =
    send.outboxMailId !== null
      ? await db.outboxMail.findFirst({ where: { companyId, id: send.outboxMailId } })
      : await db.outboxMail.findFirst({ where: { companyId, sendId: send.id }, orderBy: { id: 'desc' } })
  let headers: Record<string, string> = {}
  if (mail?.headers) {
    const parsed = contentOf(mail.headers)
    headers = Object.fromEntries(Object.entries(parsed).filter(([, v]) => typeof v === 'string')) as Record<
      string,
      string
    >
  }
  const profile = mail
    ? undefined
    : await db.profile.findFirst({
        where: { companyId, id: send.profileId },
        select: { email: true, phoneNumber: true },
      })
  return {
    message: {
      ...summary(send, mail ?? undefined, profile ?? undefined),
      from: mail?.fromAddress ?? null,
      html: mail?.html ?? null,
      text: mail?.text ?? null,
      headers,
      attempts: send.attempts,
      error: send.error,
      messageId: send.messageId,
      outboxStatus: mail?.status ?? null,
      bodyPrivate: false,
    },
  }
}
