// Account mail (password resets, invitations…) behind one interface. With SMTP_URL set it goes
// through the server's pooled SMTP transport (lib/messaging/email-transport.ts); without it, the
// outbox mailer records each message in the OutboxMail table and prints one log line, so a
// self-hoster can still follow a password-reset link. Marketing and transactional messages to
// profiles go through the send pipeline (lib/messaging), not through this interface.
import { db } from '@/lib/db/client'
import { defaultFrom, defaultSmtpUrl, smtpTransport } from '@/lib/messaging/email-transport'

export interface MailMessage {
  to: string
  subject: string
  text: string
  html?: string
}

export interface Mailer {
  send(msg: MailMessage): Promise<void>
}

const LINK = /https?:\/\/\S+/

export const outboxMailer: Mailer = {
  async send(msg) {
    await db.outboxMail.create({
      data: { to: msg.to, subject: msg.subject, text: msg.text, html: msg.html ?? null, status: 'logged' },
    })
    const link = msg.text.match(LINK)?.[0]
    console.info(`[mail] to=${msg.to} subject=${JSON.stringify(msg.subject)}${link ? ` link=${link}` : ''}`)
  },
}

/** The server's SMTP_URL transport; a refused message throws (the caller reports it). */
export const smtpMailer: Mailer = {
  async send(msg) {
    await smtpTransport(defaultSmtpUrl()!).sendMail({ from: defaultFrom(), to: msg.to, subject: msg.subject, text: msg.text, html: msg.html })
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
