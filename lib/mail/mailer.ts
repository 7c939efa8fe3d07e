// Outgoing mail behind one interface. Until delivery exists, the outbox mailer records each
// message in the OutboxMail table and prints one log line, so a self-hoster can still follow
// a password-reset link. A later issue adds an SMTP mailer behind this same interface
// (chosen in getMailer from configuration); callers do not change.
import { db } from '@/lib/db/client'

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

let override: Mailer | null = null

/** Lets an install (or a later issue's SMTP transport) replace the outbox mailer. */
export function setMailer(next: Mailer | null): void {
  override = next
}

export function getMailer(): Mailer {
  return override ?? outboxMailer
}
