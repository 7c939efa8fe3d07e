// Account mail (password resets, invitations…) behind one interface. With SMTP_URL set it goes
// through the server's pooled SMTP transport (smtp-pool.ts); without it, the
// outbox mailer records each message in the OutboxMail table and prints one log line, so a
// self-hoster can still follow a password-reset link. Marketing and transactional messages to
// profiles go through the send pipeline (lib/messaging), not through this interface.
import { db } from '@/lib/db/client'
import { defaultFrom, defaultSmtpUrl, smtpTransport } from './smtp-pool'
import { ACCOUNT_MAIL_KIND_HEADER, hasPrivateBody, type AccountMailKind } from './account-mail-kind'

export interface MailMessage {
  to: string
  subject: string
  text: string
  html?: string
  /** What it is (account-mail-kind.ts), for the sent-messages viewer. */
  kind?: AccountMailKind
  /** The account it concerns, when there is one (an invitation's); else the viewer matches it by the member's address. */
  companyId?: number | null
}

export interface Mailer {
  send(msg: MailMessage): Promise<void>
}

const LINK = /https?:\/\/\S+/
/** Kept in the outbox only (no SMTP server): it never left this server. */
export const ACCOUNT_MAIL_LOGGED = 'logged'
export const ACCOUNT_MAIL_SENT = 'sent'

function record(msg: MailMessage) {
  return {
    to: msg.to,
    subject: msg.subject,
    companyId: msg.companyId ?? null,
    fromAddress: defaultFrom(),
    headers: JSON.stringify({ [ACCOUNT_MAIL_KIND_HEADER]: msg.kind ?? 'account' }),
  }
}

export const outboxMailer: Mailer = {
  async send(msg) {
    await db.outboxMail.create({
      data: { ...record(msg), text: msg.text, html: msg.html ?? null, status: ACCOUNT_MAIL_LOGGED },
    })
    const link = msg.text.match(LINK)?.[0]
    console.info(`[mail] to=${msg.to} subject=${JSON.stringify(msg.subject)}${link ? ` link=${link}` : ''}`)
  },
}

/** The server's SMTP_URL transport; a refused message throws (the caller reports it). */
export const smtpMailer: Mailer = {
  async send(msg) {
    await smtpTransport(defaultSmtpUrl()!).sendMail({
      from: defaultFrom(),
      to: msg.to,
      subject: msg.subject,
      text: msg.text,
      html: msg.html,
    })
    // A copy for the sent-messages viewer; a mail carrying someone's sign-in link keeps no body
    // once it really left (the outbox keeps it: without SMTP it is the only way to the link).
    const body = hasPrivateBody(msg.kind) ? { text: '', html: null } : { text: msg.text, html: msg.html ?? null }
    await db.outboxMail.create({ data: { ...record(msg), ...body, status: ACCOUNT_MAIL_SENT, sentAt: new Date() } })
  },
}

let override: Mailer | null = null

/** Lets an install (or a later issue's SMTP transport) replace the outbox mailer. */
export function setMailer(next: Mailer | null): void {
  override = next
}

export function getMailer(): Mailer {
  return override ?? (defaultSmtpUrl() ? smtpMailer : outboxMailer)
}
