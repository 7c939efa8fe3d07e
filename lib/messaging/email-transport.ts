// SMTP delivery through nodemailer: one pooled transport per sender configuration (today the
// server's default, SMTP_URL, e.g. smtp://user:pass@host:587 or smtps://…:465; per-company
// settings come with /settings/email). With no SMTP configured, mail goes to the local outbox
// (lib/mail/outbox-mail.ts) instead, marked as not delivered.
import nodemailer, { type Transporter } from 'nodemailer'
import { appUrl } from '@/lib/http/app-url'

const g = globalThis as unknown as { __smtpTransports?: Map<string, Transporter> }

/** The server's default SMTP URL, or null (→ local outbox). Read per call. */
export const defaultSmtpUrl = (): string | null => process.env.SMTP_URL?.trim() || null

/** The sender when a message names none: MAIL_FROM, else no-reply@<APP_URL's host>. */
export function defaultFrom(): string {
  if (process.env.MAIL_FROM?.trim()) return process.env.MAIL_FROM.trim()
  let host = 'localhost'
  try {
    host = new URL(appUrl()).hostname || host
  } catch {}
  return `no-reply@${host}`
}

export function smtpTransport(url: string): Transporter {
  const all = (g.__smtpTransports ??= new Map())
  let t = all.get(url)
  if (!t) {
    t = nodemailer.createTransport({
      url, pool: true, maxConnections: 5, maxMessages: 100,
      connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000,
    })
    all.set(url, t)
  }
  return t
}

/** Closes the pools (tests, a changed configuration, shutdown). */
export function closeSmtpTransports(): void {
  const all = g.__smtpTransports
  g.__smtpTransports = undefined
  for (const t of all?.values() ?? []) t.close()
}

export type SmtpOutcome =
  | { kind: 'sent'; providerMessageId: string; response: string }
  /** Refused for good (a 5xx answer to the recipient or the message): a hard bounce. */
  | { kind: 'bounced'; error: string }
  /** Not accepted, and it may work later (4xx, no connection): safe to retry. */
  | { kind: 'retry'; error: string }
  /** Refused, but not because of the recipient (5xx to AUTH or MAIL FROM: the configuration). */
  | { kind: 'failed'; error: string }
  /** The server may have accepted it (the connection broke during or after DATA). */
  | { kind: 'unknown'; error: string }

interface SmtpError {
  message?: string
  code?: string
  command?: string
  responseCode?: number
  response?: string
}

export function classifySmtpError(e: unknown): SmtpOutcome {
  const err = (e ?? {}) as SmtpError
  const error = (err.response || err.message || String(e)).slice(0, 1000)
  const status = err.responseCode
  const command = (err.command ?? '').toUpperCase()
  if (typeof status === 'number' && status >= 500) {
    return /RCPT|DATA/.test(command) || err.code === 'EENVELOPE' || err.code === 'EMESSAGE' ? { kind: 'bounced', error } : { kind: 'failed', error }
  }
  if (typeof status === 'number' && status >= 400) return { kind: 'retry', error }
  // Nothing was handed over before the connection, TLS or login worked.
  if (['ECONNECTION', 'EDNS', 'ETLS', 'EAUTH', 'ECONNREFUSED'].includes(err.code ?? '') || command === 'CONN') return { kind: 'retry', error }
  return { kind: 'unknown', error }
}

export interface SmtpMessage {
  from: string
  to: string
  replyTo?: string
  subject: string
  html?: string
  text: string
  messageId: string
  headers: Record<string, string>
}

export async function sendSmtp(url: string, m: SmtpMessage): Promise<SmtpOutcome> {
  try {
    const info = await smtpTransport(url).sendMail({
      from: m.from, to: m.to, replyTo: m.replyTo, subject: m.subject, html: m.html, text: m.text, messageId: m.messageId, headers: m.headers,
    })
    return { kind: 'sent', providerMessageId: String(info.messageId ?? m.messageId), response: String(info.response ?? '') }
  } catch (e) {
    return classifySmtpError(e)
  }
}
