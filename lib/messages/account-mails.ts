// The account mails of a company in the sent-messages viewer: invitations, password resets,
// address confirmations, reports and alerts kept in OutboxMail by lib/mail (no Send row). Those
// that name the company are its own; those that name none (a password reset belongs to a user,
// not to one account) show to the accounts the recipient is a member of.
import { db } from '@/lib/db/client'
import { hasPrivateBody, parseAccountMailKind } from '@/lib/mail/account-mail-kind'
import { ACCOUNT_MAIL_LOGGED } from '@/lib/mail/mailer'

export const ACCOUNT_MAIL_ID_PREFIX = 'mail-'

/** The where of a company's account mails (Prisma), narrowed by outbox status when asked. */
export async function accountMailWhere(companyId: number, outbox?: 'true' | 'false') {
  const members = await db.membership.findMany({ where: { companyId }, select: { user: { select: { email: true } } } })
  return {
    sendId: null,
    OR: [{ companyId }, { companyId: null, to: { in: members.map((m) => m.user.email) } }],
    ...(outbox === 'true'
      ? { status: ACCOUNT_MAIL_LOGGED }
      : outbox === 'false'
        ? { NOT: { status: ACCOUNT_MAIL_LOGGED } }
        : {}),
  }
}

export type AccountMailRow = Awaited<ReturnType<typeof db.outboxMail.findMany>>[number]

export function accountMailSummary(m: AccountMailRow) {
  const kind = parseAccountMailKind(m.headers)
  return {
    id: ACCOUNT_MAIL_ID_PREFIX + m.id,
    channel: 'email',
    sourceType: 'account',
    sourceId: kind,
    profileId: '',
    to: m.to,
    subject: m.subject,
    status: 'sent',
    reason: m.status === ACCOUNT_MAIL_LOGGED ? 'not_delivered_outbox' : null,
    provider: m.status === ACCOUNT_MAIL_LOGGED ? 'outbox' : 'smtp',
    notDelivered: m.status === ACCOUNT_MAIL_LOGGED,
    created: m.createdAt.toISOString(),
    sent: (m.sentAt ?? m.createdAt).toISOString(),
    kind,
  }
}

/** One account mail for the viewer's detail; a sign-in link for one person stays private. */
export async function getAccountMail(companyId: number, id: string) {
  const n = Number(id.slice(ACCOUNT_MAIL_ID_PREFIX.length))
  if (!Number.isSafeInteger(n) || n <= 0) return null
  const m = await db.outboxMail.findFirst({ where: { id: n, ...(await accountMailWhere(companyId)) } })
  if (!m) return null
  const summary = accountMailSummary(m)
  const hidden = hasPrivateBody(summary.kind)
  return {
    message: {
      ...summary,
      from: m.fromAddress ?? null,
      html: hidden ? null : m.html,
      text: hidden ? null : m.text,
      bodyPrivate: hidden,
      headers: {},
      attempts: 1,
      error: null,
      messageId: null,
      outboxStatus: m.status,
    },
  }
}
